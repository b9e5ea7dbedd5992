// Reads an archive's uncompressed bytes as lines and exact-length pieces, pulling from the gunzip
// stream only as far as asked (memory holds a chunk, or one line), and counting the offset so a
// refusal can say where.

export class ByteReader {
  private buf: Buffer = Buffer.alloc(0);
  private at = 0;
  private done = false;
  /** Uncompressed bytes consumed so far. */
  offset = 0;

  constructor(
    private readonly source: AsyncIterator<Buffer>,
    private readonly onSourceError: (err: unknown) => Error,
  ) {}

  private async fill(): Promise<boolean> {
    if (this.done) return false;
    let next: IteratorResult<Buffer>;
    try {
      next = await this.source.next();
    } catch (err) {
      throw this.onSourceError(err);
    }
    if (next.done) {
      this.done = true;
      return false;
    }
    this.buf = this.at < this.buf.length ? Buffer.concat([this.buf.subarray(this.at), next.value]) : next.value;
    this.at = 0;
    return true;
  }

  /**
   * The next line without its newline; undefined at the end of the data. A line the data ends
   * inside comes back with `complete` false.
   */
  async line(): Promise<{ text: Buffer; complete: boolean } | undefined> {
    const parts: Buffer[] = [];
    for (;;) {
      const nl = this.buf.indexOf(10, this.at);
      if (nl !== -1) {
        parts.push(this.buf.subarray(this.at, nl));
        this.offset += nl + 1 - this.at;
        this.at = nl + 1;
        return { text: parts.length === 1 ? parts[0]! : Buffer.concat(parts), complete: true };
      }
      if (this.at < this.buf.length) {
        parts.push(Buffer.from(this.buf.subarray(this.at)));
        this.offset += this.buf.length - this.at;
      }
      this.buf = Buffer.alloc(0);
      this.at = 0;
      if (!(await this.fill())) return parts.length ? { text: Buffer.concat(parts), complete: false } : undefined;
    }
  }

  /** Exactly n bytes, or fewer when the data ends first. */
  async take(n: number): Promise<Buffer> {
    if (this.buf.length - this.at >= n) {
      const out = this.buf.subarray(this.at, this.at + n);
      this.at += n;
      this.offset += n;
      return out;
    }
    const parts: Buffer[] = [];
    let got = 0;
    while (got < n) {
      if (this.at >= this.buf.length && !(await this.fill())) break;
      const piece = this.buf.subarray(this.at, this.at + (n - got));
      parts.push(piece);
      got += piece.length;
      this.at += piece.length;
    }
    this.offset += got;
    return Buffer.concat(parts, got);
  }

  /** True once every byte was read. */
  async atEnd(): Promise<boolean> {
    return this.at >= this.buf.length && !(await this.fill());
  }
}
