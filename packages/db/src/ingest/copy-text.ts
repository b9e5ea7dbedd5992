// Encoding for COPY ... FROM STDIN in Postgres' text format.
const SPECIAL = /[\\\n\r\t\0]/g;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t', '\0': '\uFFFD' };

// Postgres text cannot hold NUL: it becomes U+FFFD (documented in the README).
export function copyText(value: string): string {
  return value.replace(SPECIAL, (ch) => ESCAPES[ch]!);
}

export function copyIntArray(values: Array<number | null | undefined> | undefined): string {
  if (!values) return '\\N';
  return `{${values.map((v) => (v === null || v === undefined ? 'NULL' : String(Math.round(v)))).join(',')}}`;
}

// bytea in its hex form, `\x` then two hex digits a byte; the backslash is doubled because the
// text format would otherwise read `\x..` as a byte escape of its own.
export function copyBytea(value: Uint8Array): string {
  return `\\\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}`;
}
