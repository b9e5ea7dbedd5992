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
