import { createReadStream } from 'node:fs';
import { FormatError, toFormatError } from './errors';
import { jsonErrorPosition } from './json-error-position';
import { JsonArraySplitter, type RawElement } from './json-array-splitter';

/** A parsed top-level element of a JSON array file. */
export interface ParsedElement {
  index: number;
  value: unknown;
  byteOffset: number;
  line: number;
}

/** Big reads: the splitter is cheap per byte, so fewer, larger chunks win. */
const CHUNK_BYTES = 4 * 1024 * 1024;

/** JSON.parse on one element, with errors pointing at the byte (and line) in the whole file. */
export function parseElement(file: string, raw: RawElement): unknown {
  try {
    return JSON.parse(raw.text);
  } catch (err) {
    const message = (err as Error).message;
    const pos = jsonErrorPosition(raw.text);
    let offset = raw.byteOffset;
    let line = raw.line;
    if (pos >= 0) {
      const before = raw.text.slice(0, pos);
      offset += Buffer.byteLength(before);
      for (let i = before.indexOf('\n'); i >= 0; i = before.indexOf('\n', i + 1)) line++;
    }
    // V8 sometimes quotes the whole input back ("Unexpected token 'x', "..." is not valid JSON").
    const detail = message.replace(/, ".*" is not valid JSON$/s, '').replace(/ in JSON at position \d+.*$/s, '');
    throw new FormatError({
      file,
      location: { kind: 'byte', offset, line },
      detail: `malformed JSON in record ${raw.index}: ${detail}`,
    });
  }
}

/** Splits chunks from any byte source into parsed array elements. */
export async function* parseJsonArray(file: string, chunks: AsyncIterable<Buffer>): AsyncGenerator<ParsedElement> {
  const splitter = new JsonArraySplitter(file);
  for await (const chunk of chunks) {
    for (const raw of splitter.push(chunk)) {
      yield { index: raw.index, value: parseElement(file, raw), byteOffset: raw.byteOffset, line: raw.line };
    }
  }
  splitter.end();
}

/** Streams the elements of a top-level JSON array file, one JSON.parse per element. */
export async function* readJsonArrayFile(path: string, chunkBytes = CHUNK_BYTES): AsyncGenerator<ParsedElement> {
  try {
    yield* parseJsonArray(path, createReadStream(path, { highWaterMark: chunkBytes }) as AsyncIterable<Buffer>);
  } catch (err) {
    throw toFormatError(path, err);
  }
}
