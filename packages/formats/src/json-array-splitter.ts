import { FormatError } from './errors';

/** One top-level element of a JSON array, cut out but not parsed. */
export interface RawElement {
  /** 0-based position in the array. */
  index: number;
  /** The element's JSON text. */
  text: string;
  /** Byte offset of the element's first character in the file. */
  byteOffset: number;
  /** 1-based line of the element's first character. */
  line: number;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const NEWLINE = 0x0a;

function isSpace(b: number): boolean {
  return b === 0x20 || b === NEWLINE || b === 0x0d || b === 0x09;
}

const enum State {
  Before,
  Inside,
  After,
}

/**
 * Incremental splitter for a huge top-level JSON array: feed it chunks, get back the text of each
 * complete element. It only tracks string/escape state and nesting depth, so it is far cheaper
 * than a streaming JSON parser; each element is then handed to the native JSON.parse. Works on
 * bytes, so a chunk may end inside a multi-byte UTF-8 character. Anything it lets through that is
 * still not JSON is caught by JSON.parse on the element.
 */
export class JsonArraySplitter {
  private state = State.Before;
  private depth = 0;
  private inString = false;
  private escape = false;
  /** Bytes of the open element from earlier chunks (copied: stream buffers may be reused). */
  private pieces: Buffer[] = [];
  private elementStart = -1;
  private elementLine = 1;
  private expectValue = false;
  private offset = 0;
  private line = 1;
  private count = 0;

  constructor(private readonly file: string) {}

  private fail(offset: number, detail: string): never {
    throw new FormatError({ file: this.file, location: { kind: 'byte', offset, line: this.line }, detail });
  }

  push(chunk: Buffer): RawElement[] {
    const out: RawElement[] = [];
    const n = chunk.length;
    let segStart = this.elementStart >= 0 ? 0 : -1;
    let i = 0;
    if (this.offset === 0 && n >= 3 && chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) i = 3; // UTF-8 BOM
    while (i < n) {
      if (this.inString) {
        if (this.escape) {
          this.escape = false;
          i++;
          continue;
        }
        // Jump to the next quote natively, then decide from the run of backslashes before it.
        const q = chunk.indexOf(QUOTE, i);
        const end = q < 0 ? n : q;
        let k = end - 1;
        while (k >= i && chunk[k] === BACKSLASH) k--;
        const oddRun = (end - 1 - k) % 2 === 1;
        if (q < 0) {
          this.escape = oddRun;
          i = n;
        } else {
          if (!oddRun) this.inString = false;
          i = q + 1;
        }
        continue;
      }
      const b = chunk[i]!;
      if (this.state === State.Inside) {
        if (this.depth > 0) {
          if (b === QUOTE) this.inString = true;
          else if (b === OPEN_BRACE || b === OPEN_BRACKET) this.depth++;
          else if (b === CLOSE_BRACE || b === CLOSE_BRACKET) this.depth--;
          else if (b === NEWLINE) this.line++;
          i++;
          continue;
        }
        if (b === COMMA || b === CLOSE_BRACKET) {
          if (this.elementStart < 0) {
            if (b === CLOSE_BRACKET && this.count === 0 && !this.expectValue) this.state = State.After;
            else this.fail(this.offset + i, `expected a value before '${String.fromCharCode(b)}'`);
          } else {
            out.push(this.finishElement(chunk, segStart, i));
            segStart = -1;
            this.expectValue = b === COMMA;
            if (b === CLOSE_BRACKET) this.state = State.After;
          }
          i++;
          continue;
        }
        if (isSpace(b)) {
          if (b === NEWLINE) this.line++;
          i++;
          continue;
        }
        if (this.elementStart < 0) {
          this.elementStart = this.offset + i;
          this.elementLine = this.line;
          segStart = i;
        }
        if (b === QUOTE) this.inString = true;
        else if (b === OPEN_BRACE || b === OPEN_BRACKET) this.depth++;
        else if (b === CLOSE_BRACE) this.fail(this.offset + i, "unbalanced '}'");
        i++;
        continue;
      }
      if (isSpace(b)) {
        if (b === NEWLINE) this.line++;
      } else if (this.state === State.Before && b === OPEN_BRACKET) {
        this.state = State.Inside;
      } else if (this.state === State.Before) {
        this.fail(this.offset + i, `expected '[' (the file must be a JSON array), got '${String.fromCharCode(b)}'`);
      } else {
        this.fail(this.offset + i, "unexpected data after the closing ']'");
      }
      i++;
    }
    if (segStart >= 0) this.pieces.push(Buffer.from(chunk.subarray(segStart)));
    this.offset += n;
    return out;
  }

  /** Call after the last chunk: fails if the array never closed. */
  end(): void {
    if (this.state === State.Before) this.fail(this.offset, "empty file (expected a JSON array '[...]')");
    if (this.state === State.Inside) {
      const what = this.inString
        ? 'inside a string'
        : this.elementStart >= 0
          ? `inside record ${this.count}`
          : "before the closing ']'";
      this.fail(this.offset, `unexpected end of file ${what}`);
    }
  }

  private finishElement(chunk: Buffer, segStart: number, end: number): RawElement {
    let text: string;
    if (this.pieces.length === 0) {
      text = chunk.toString('utf8', segStart, end);
    } else {
      this.pieces.push(chunk.subarray(segStart, end));
      text = Buffer.concat(this.pieces).toString('utf8');
      this.pieces = [];
    }
    const element = { index: this.count++, text, byteOffset: this.elementStart, line: this.elementLine };
    this.elementStart = -1;
    return element;
  }
}
