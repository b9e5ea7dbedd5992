import { parquetMetadata, parquetReadObjects, parquetSchema as schemaTree } from 'hyparquet';
import { describe, expect, it } from 'vitest';
import type { TableColumn, TableRow } from './table';
import { parquetTable } from './table-parquet';

// Read back with hyparquet, a reader apart from the writer's package.

const columns: TableColumn[] = [
  { name: 'checkpoint', type: 'string' },
  { name: 'alpha', type: 'double', nullable: true },
  { name: 'idx', type: 'int' },
  { name: 'verdict', type: 'string', nullable: true },
  { name: 'test_verdicts', type: 'string', list: true },
  { name: 'test_cpu_ms', type: 'int', list: true },
];

const row = (i: number): TableRow => ({
  checkpoint: `ck ${i % 3} ✓`,
  alpha: i % 4 === 0 ? null : i / 8,
  idx: i,
  verdict: i % 5 === 0 ? null : ['AC', 'WA', 'TLE'][i % 3],
  test_verdicts: i % 7 === 0 ? [] : ['AC', 'WA'].slice(0, 1 + (i % 2)),
  test_cpu_ms: i % 6 === 0 ? null : [i, null, 2 * i],
});

async function* pagesOf(rows: TableRow[], pageSize: number) {
  for (let i = 0; i < rows.length; i += pageSize) yield rows.slice(i, i + pageSize);
}

async function bytes(chunks: AsyncIterable<Uint8Array>): Promise<{ file: ArrayBuffer; chunks: number }> {
  const parts: Uint8Array[] = [];
  for await (const c of chunks) parts.push(c);
  const all = Buffer.concat(parts); // may sit in Node's shared pool: copy out its own bytes
  return { file: all.buffer.slice(all.byteOffset, all.byteOffset + all.length) as ArrayBuffer, chunks: parts.length };
}

describe('parquetTable', () => {
  it('writes typed columns and three-level LIST columns, row group by row group', async () => {
    const rows = Array.from({ length: 250 }, (_, i) => row(i));
    const { file, chunks } = await bytes(parquetTable(columns, pagesOf(rows, 40), { rowGroupRows: 100 }));
    expect(chunks).toBeGreaterThanOrEqual(3); // handed out as each row group filled, not once at the end
    const meta = parquetMetadata(file);
    expect(meta.row_groups.map((g) => Number(g.num_rows))).toEqual([100, 100, 50]);
    expect(meta.row_groups[0]!.columns[0]!.meta_data?.codec).toBe('SNAPPY');
    const list = meta.schema.find((e) => e.name === 'test_cpu_ms')!;
    expect(list).toMatchObject({ converted_type: 'LIST', repetition_type: 'REQUIRED', num_children: 1 });
    expect(meta.schema.find((e) => e.name === 'alpha')).toMatchObject({ type: 'DOUBLE', repetition_type: 'OPTIONAL' });
    expect(meta.schema.find((e) => e.name === 'idx')).toMatchObject({ type: 'INT32', repetition_type: 'REQUIRED' });
    const read = await parquetReadObjects({ file });
    expect(read).toEqual(rows.map((r) => ({ ...r, test_cpu_ms: r.test_cpu_ms ?? [] })));
  });

  it('writes a valid file with the columns and no rows for an empty table', async () => {
    const { file } = await bytes(parquetTable(columns, pagesOf([], 10)));
    const meta = parquetMetadata(file);
    expect(Number(meta.num_rows)).toBe(0);
    expect(schemaTree(meta).children.map((c) => c.element.name)).toEqual(columns.map((c) => c.name));
    expect(await parquetReadObjects({ file })).toEqual([]);
  });

  it('closes a row group early once its text passes 16 Mi characters', async () => {
    const big = 'x'.repeat(5 << 20);
    const rows = Array.from({ length: 10 }, (_, i) => ({ ...row(i), checkpoint: big }));
    const { file } = await bytes(parquetTable(columns, pagesOf(rows, 3)));
    expect(parquetMetadata(file).row_groups.map((g) => Number(g.num_rows))).toEqual([4, 4, 2]);
  });
});
