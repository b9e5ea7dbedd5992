import { ByteWriter, ParquetWriter, type ColumnSource, type SchemaElement } from 'hyparquet-writer';
import type { TableColumn, TableRow } from './table';

// Parquet through hyparquet-writer (pure JS, snappy built in): rows are gathered into one row
// group at a time, which is encoded and handed out as ~1 MiB chunks before the next is read, so
// memory holds one row group whatever the table's size.

export interface ParquetTableOptions {
  /** Rows per row group (default 65,536); a group also closes at 16 Mi characters of text (programs). */
  rowGroupRows?: number;
}

const TEXT_CHARS_PER_GROUP = 16 << 20;
const CHUNK_BYTES = 1 << 20;

const PRIMITIVE = {
  string: { type: 'BYTE_ARRAY', converted_type: 'UTF8', logical_type: { type: 'STRING' } },
  int: { type: 'INT32' },
  double: { type: 'DOUBLE' },
} as const satisfies Record<TableColumn['type'], Omit<SchemaElement, 'name'>>;

/** The file's schema: scalars OPTIONAL or REQUIRED, lists as the standard three-level LIST. */
export function parquetSchema(columns: readonly TableColumn[]): SchemaElement[] {
  return [
    { name: 'schema', num_children: columns.length },
    ...columns.flatMap((c): SchemaElement[] =>
      c.list
        ? [
            {
              name: c.name,
              repetition_type: 'REQUIRED',
              converted_type: 'LIST',
              logical_type: { type: 'LIST' },
              num_children: 1,
            },
            { name: 'list', repetition_type: 'REPEATED', num_children: 1 },
            { name: 'element', repetition_type: 'OPTIONAL', ...PRIMITIVE[c.type] },
          ]
        : [{ name: c.name, repetition_type: c.nullable ? 'OPTIONAL' : 'REQUIRED', ...PRIMITIVE[c.type] }],
    ),
  ];
}

/** A ByteWriter that moves what it holds out as chunks (past 1 MiB, and at each row group's end). */
class ChunkWriter extends ByteWriter {
  private chunks: Uint8Array[] = [];

  override ensure(size: number): void {
    if (this.index > CHUNK_BYTES) this.flush();
    super.ensure(size);
  }

  flush(): void {
    if (this.index === 0) return;
    this.chunks.push(new Uint8Array(this.buffer.slice(0, this.index)));
    this.index = 0;
  }

  override finish(): void {
    this.flush();
  }

  take(): Uint8Array[] {
    const out = this.chunks;
    this.chunks = [];
    return out;
  }
}

/** The table as a Parquet file's bytes, in order. An empty table is a valid file with no row group. */
export async function* parquetTable(
  columns: readonly TableColumn[],
  pages: AsyncIterable<readonly TableRow[]>,
  options: ParquetTableOptions = {},
): AsyncGenerator<Uint8Array> {
  const rowGroupRows = options.rowGroupRows ?? 65_536;
  const out = new ChunkWriter();
  const parquet = new ParquetWriter({
    writer: out,
    schema: parquetSchema(columns),
    codec: 'SNAPPY',
    createdBy: 'frontier-explorer (hyparquet-writer)',
  });
  const texts = columns.filter((c) => c.type === 'string' && !c.list).map((c) => c.name);
  let group: TableRow[] = [];
  let textChars = 0;
  const writeGroup = () => {
    const columnData: ColumnSource[] = columns.map((c) => ({
      name: c.name,
      data: group.map((row) => (c.list ? (row[c.name] ?? []) : (row[c.name] ?? null))),
    }));
    // Synchronous: ChunkWriter's flush returns nothing, so write() does too.
    void parquet.write({ columnData, rowGroupSize: group.length });
    group = [];
    textChars = 0;
  };
  for await (const page of pages) {
    for (const row of page) {
      group.push(row);
      for (const name of texts) textChars += (row[name] as string | null)?.length ?? 0;
      if (group.length >= rowGroupRows || textChars >= TEXT_CHARS_PER_GROUP) {
        writeGroup();
        yield* out.take();
      }
    }
  }
  if (group.length > 0) writeGroup();
  void parquet.finish();
  yield* out.take();
}
