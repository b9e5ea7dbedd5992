import { describe, expect, it } from 'vitest';
import type { TableColumn, TableRow } from './table';
import { csvField, csvTable } from './table-csv';

async function* pagesOf(...pages: TableRow[][]) {
  yield* pages;
}

const text = async (chunks: AsyncIterable<string>) => {
  let s = '';
  for await (const c of chunks) s += c;
  return s;
};

describe('csvTable', () => {
  it('quotes only what RFC 4180 needs', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"\n')).toBe('"say ""hi""\n"');
    expect(csvField(null)).toBe('');
    expect(csvField(0.25)).toBe('0.25');
  });

  it('neutralises imported text a spreadsheet would evaluate, and leaves numbers be', () => {
    expect(csvField('=HYPERLINK("http://evil.example")')).toBe('"\'=HYPERLINK(""http://evil.example"")"');
    expect(csvField('@cmd')).toBe("'@cmd");
    expect(csvField(-3)).toBe('-3');
    expect(csvField('-3')).toBe('-3');
  });

  it('writes a header, then the rows of every page; a list cell is a JSON array, [] when absent', async () => {
    const columns: TableColumn[] = [
      { name: 'name', type: 'string' },
      { name: 'alpha', type: 'double', nullable: true },
      { name: 'tests', type: 'string', list: true },
      { name: 'ms', type: 'int', list: true },
    ];
    const csv = await text(
      csvTable(
        columns,
        pagesOf(
          [{ name: 'a,b', alpha: 0.5, tests: ['AC', 'WA'], ms: [3, null] }],
          [],
          [{ name: 'c', alpha: null, tests: null, ms: [] }],
        ),
      ),
    );
    expect(csv).toBe('name,alpha,tests,ms\n"a,b",0.5,"[""AC"",""WA""]","[3,null]"\nc,,[],[]\n');
  });
});
