// Reading exports back in tests, with code apart from the writers': an RFC 4180 parser of our
// own and hyparquet for Parquet.
import { parquetMetadata, parquetReadObjects } from 'hyparquet';

/** Every record of a CSV text as its fields (quoted fields may hold commas, quotes, line breaks). */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  const endField = () => {
    record.push(field);
    field = '';
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted && ch === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (ch === '"') quoted = !quoted;
    else if (quoted) field += ch;
    else if (ch === ',') endField();
    else if (ch === '\n') {
      endField();
      records.push(record);
      record = [];
    } else field += ch;
  }
  if (field !== '' || record.length > 0) {
    endField();
    records.push(record);
  }
  return records;
}

/** A CSV export as objects keyed by its header; cells of `lists` parsed as JSON. */
export function csvObjects(text: string, lists: readonly string[] = []): Record<string, unknown>[] {
  const [header, ...rows] = parseCsv(text);
  return rows.map((r) =>
    Object.fromEntries(header!.map((name, i) => [name, lists.includes(name) ? JSON.parse(r[i]!) : r[i]])),
  );
}

function arrayBufferOf(bytes: Uint8Array): ArrayBuffer {
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

/** A Parquet file's rows as objects, and its row groups' sizes. */
export async function readParquet(
  bytes: Uint8Array,
): Promise<{ rows: Record<string, unknown>[]; rowGroups: number[] }> {
  const file = arrayBufferOf(bytes);
  const rowGroups = parquetMetadata(file).row_groups.map((g) => Number(g.num_rows));
  return { rows: await parquetReadObjects({ file }), rowGroups };
}
