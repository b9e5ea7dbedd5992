// Rows of Postgres' binary COPY format (see ../ingest/copy-binary.ts) passed through with their
// leading id columns renumbered: an archive's run and problem ids are its database's, the rows go
// into another. Each row is checked as it passes (field count, id fields), so a damaged section is
// refused naming its row, and rows are rewritten in place: no per-row allocation on 10M samples.

const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
const HEADER_BYTES = SIGNATURE.length + 8;

/** Old id -> new id; null drops the row (e.g. the tests of a problem that was already there). */
export type IdMap = ReadonlyMap<number, number | null>;

export class CopyRowError extends Error {
  constructor(
    readonly row: number,
    detail: string,
  ) {
    super(detail);
  }
}

export class CopyRowRewriter {
  private pending: Buffer | undefined;
  private headerDone = false;
  private ended = false;
  /** Rows read (kept or dropped). */
  rows = 0;
  /** Rows passed on. */
  kept = 0;

  constructor(
    private readonly fields: number,
    /** One map per leading column, in column order. */
    private readonly maps: readonly IdMap[],
    private readonly names: readonly string[],
  ) {}

  /** The rewritten bytes of `chunk` that form whole rows; the rest waits for the next chunk. */
  push(chunk: Buffer): Buffer[] {
    if (this.ended) throw new CopyRowError(this.rows, 'bytes after the end of the rows');
    let data = this.pending ? Buffer.concat([this.pending, chunk]) : chunk;
    this.pending = undefined;
    const out: Buffer[] = [];
    let at = 0;
    if (!this.headerDone) {
      if (data.length < HEADER_BYTES) {
        this.pending = Buffer.from(data);
        return out;
      }
      if (!data.subarray(0, SIGNATURE.length).equals(SIGNATURE))
        throw new CopyRowError(0, 'the section does not start with the binary COPY signature');
      const ext = data.readInt32BE(SIGNATURE.length + 4);
      if (data.length < HEADER_BYTES + ext) {
        this.pending = Buffer.from(data);
        return out;
      }
      at = HEADER_BYTES + ext;
      out.push(data.subarray(0, at));
      this.headerDone = true;
    }
    let runStart = at; // start of the kept rows not yet handed out
    while (at + 2 <= data.length) {
      const count = data.readInt16BE(at);
      if (count === -1) {
        this.ended = true;
        if (at + 2 !== data.length) throw new CopyRowError(this.rows, 'bytes after the end of the rows');
        at += 2;
        break;
      }
      if (count !== this.fields)
        throw new CopyRowError(
          this.rows + 1,
          `has ${count} fields, expected ${this.fields} (${this.names.join(', ')})`,
        );
      const end = this.rowEnd(data, at + 2, count);
      if (end === undefined) break;
      this.rows++;
      if (this.renumber(data, at + 2)) this.kept++;
      else {
        if (at > runStart) out.push(data.subarray(runStart, at));
        runStart = end;
      }
      at = end;
    }
    if (at > runStart) out.push(data.subarray(runStart, at));
    if (at < data.length) this.pending = Buffer.from(data.subarray(at));
    data = Buffer.alloc(0);
    return out;
  }

  /** Checks that the rows were complete and ended. */
  end(): void {
    if (!this.ended || this.pending)
      throw new CopyRowError(this.rows, 'the rows stop before their end marker (a truncated section)');
  }

  /** Where the row whose first field starts at `at` ends; undefined when it is not all here yet. */
  private rowEnd(data: Buffer, at: number, count: number): number | undefined {
    for (let f = 0; f < count; f++) {
      if (at + 4 > data.length) return undefined;
      const len = data.readInt32BE(at);
      at += 4;
      if (len < -1) throw new CopyRowError(this.rows + 1, `field ${this.names[f]} has a negative length`);
      if (len > 0) at += len;
      if (at > data.length) return undefined;
    }
    return at;
  }

  /** Rewrites the row's id fields in place; false when a map drops it. */
  private renumber(data: Buffer, at: number): boolean {
    for (const [f, map] of this.maps.entries()) {
      const len = data.readInt32BE(at);
      if (len !== 4) throw new CopyRowError(this.rows, `field ${this.names[f]} is not an integer id`);
      const old = data.readInt32BE(at + 4);
      const id = map.get(old);
      if (id === undefined)
        throw new CopyRowError(this.rows, `${this.names[f]} ${old} is not one of the archive's records`);
      if (id === null) return false;
      data.writeInt32BE(id, at + 4);
      at += 8;
    }
    return true;
  }
}
