// Postgres' binary COPY format (the "Binary Format" section of the COPY reference): a signature and
// a header, then per row its field count (int16) and each field as an int32 length and its bytes
// (-1: NULL), every integer big-endian; an int16 -1 ends the data. Cheaper for both sides than the
// text format: a program's compressed bytes go as they are (text needs them in hex, twice the
// size, which Postgres then decodes), and integer arrays need no parsing.

const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
/** Element type OIDs of the arrays written here. */
export const INT2_OID = 21;
export const INT4_OID = 23;
/** Microseconds between the Unix epoch and Postgres' (2000-01-01 UTC). */
const PG_EPOCH_MS = 946_684_800_000;

const INT_RANGE = { int2: [-32768, 32767], int4: [-2147483648, 2147483647] } as const;

/** Rows in binary COPY format, handed out in chunks of about `chunkBytes` (see take()). */
export class BinaryCopyWriter {
  private buf: Buffer;
  private at = 0;
  private readonly done: Buffer[] = [];

  constructor(private readonly chunkBytes = 1 << 20) {
    this.buf = Buffer.allocUnsafe(chunkBytes);
    this.room(SIGNATURE.length + 8);
    SIGNATURE.copy(this.buf, this.at);
    this.at += SIGNATURE.length;
    this.buf.writeInt32BE(0, this.at); // flags
    this.buf.writeInt32BE(0, this.at + 4); // header extension length
    this.at += 8;
  }

  /** Starts a row of `fields` fields. */
  row(fields: number): void {
    this.room(2);
    this.at = this.buf.writeInt16BE(fields, this.at);
  }

  null(): void {
    this.room(4);
    this.at = this.buf.writeInt32BE(-1, this.at);
  }

  int4(value: number, what: string): void {
    this.room(8);
    this.at = this.buf.writeInt32BE(4, this.at);
    this.at = this.buf.writeInt32BE(checkedInt(value, 'int4', what), this.at);
  }

  /** text, or an enum's label. Postgres text cannot hold NUL: it becomes U+FFFD (README). */
  text(value: string): void {
    const clean = value.includes('\0') ? value.replaceAll('\0', '\uFFFD') : value;
    const bytes = Buffer.byteLength(clean);
    this.room(4 + bytes);
    this.at = this.buf.writeInt32BE(bytes, this.at);
    this.at += this.buf.write(clean, this.at, 'utf8');
  }

  bytes(value: Uint8Array): void {
    this.room(4 + value.byteLength);
    this.at = this.buf.writeInt32BE(value.byteLength, this.at);
    this.buf.set(value, this.at);
    this.at += value.byteLength;
  }

  /** A timestamptz from milliseconds since the Unix epoch (Postgres keeps microseconds). */
  timestamptz(ms: number): void {
    this.room(12);
    this.at = this.buf.writeInt32BE(8, this.at);
    this.at = this.buf.writeBigInt64BE(BigInt(Math.round(ms - PG_EPOCH_MS)) * 1000n, this.at);
  }

  /** A one-dimensional int2[] or int4[] of rounded values (null and undefined: NULL elements). */
  intArray(values: ReadonlyArray<number | null | undefined>, type: 'int2' | 'int4', what: string): void {
    const size = type === 'int2' ? 2 : 4;
    let nulls = 0;
    for (const v of values) if (v === null || v === undefined) nulls++;
    const body = values.length === 0 ? 12 : 20 + values.length * 4 + (values.length - nulls) * size;
    this.room(4 + body);
    let at = this.buf.writeInt32BE(body, this.at);
    at = this.buf.writeInt32BE(values.length === 0 ? 0 : 1, at); // dimensions
    at = this.buf.writeInt32BE(nulls > 0 ? 1 : 0, at);
    at = this.buf.writeInt32BE(type === 'int2' ? INT2_OID : INT4_OID, at);
    if (values.length > 0) {
      at = this.buf.writeInt32BE(values.length, at);
      at = this.buf.writeInt32BE(1, at); // lower bound
      for (const v of values) {
        if (v === null || v === undefined) {
          at = this.buf.writeInt32BE(-1, at);
          continue;
        }
        at = this.buf.writeInt32BE(size, at);
        const n = checkedInt(v, type, what);
        at = size === 2 ? this.buf.writeInt16BE(n, at) : this.buf.writeInt32BE(n, at);
      }
    }
    this.at = at;
  }

  /** The chunks filled so far (the last one only once it holds chunkBytes), with `end` everything. */
  take(end = false): Buffer[] {
    if (end) {
      this.room(2);
      this.at = this.buf.writeInt16BE(-1, this.at);
    }
    if (end || this.at >= this.chunkBytes) this.cut();
    return this.done.splice(0);
  }

  private cut(): void {
    if (this.at === 0) return;
    this.done.push(this.buf.subarray(0, this.at));
    this.buf = Buffer.allocUnsafe(this.chunkBytes);
    this.at = 0;
  }

  /** Makes room for n more bytes: the chunk so far goes to `done` when it cannot hold them. */
  private room(n: number): void {
    if (this.at + n <= this.buf.length) return;
    this.cut();
    if (n > this.buf.length) this.buf = Buffer.allocUnsafe(n);
  }
}

function checkedInt(value: number, type: 'int2' | 'int4', what: string): number {
  const n = Math.round(value);
  const [lo, hi] = INT_RANGE[type];
  if (!Number.isFinite(n) || n < lo || n > hi)
    throw new RangeError(
      `${what}: ${value} does not fit ${type === 'int2' ? 'a smallint' : 'an integer'} (${lo} to ${hi})`,
    );
  return n;
}
