import { describe, expect, it } from 'vitest';
import { COPY_SECTIONS, readableColumns } from './format';

describe('readableColumns', () => {
  const all = COPY_SECTIONS.sample.columns;
  it('reads a section with every column', () => {
    expect(readableColumns('sample', all)).toEqual(all);
  });
  it("reads an older archive's sample section, which ends before the judge's version, limits and machine", () => {
    const older = all.slice(0, all.indexOf('judge_version'));
    expect(older.at(-1)).toBe('sandbox');
    expect(readableColumns('sample', older)).toEqual(older);
  });
  it('refuses columns out of order, unknown, or missing beyond the optional tail', () => {
    expect(readableColumns('sample', [...all].reverse())).toBeUndefined();
    expect(readableColumns('sample', [...all, 'extra'])).toBeUndefined();
    expect(readableColumns('sample', all.slice(0, all.indexOf('sandbox')))).toBeUndefined();
    expect(readableColumns('test', COPY_SECTIONS.test.columns.slice(0, 4))).toBeUndefined();
  });
});
