// A plain-text table for a terminal: columns padded to their widest cell, two spaces apart,
// numbers right-aligned where asked, no trailing spaces.

export function textTable(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  rightAligned: readonly number[] = [],
): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]?.length ?? 0)));
  const line = (row: readonly string[]) =>
    row
      .map((c, i) => (rightAligned.includes(i) ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [header, ...rows].map((row) => `${line(row)}\n`).join('');
}
