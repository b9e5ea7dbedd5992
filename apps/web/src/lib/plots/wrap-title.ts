// Plotly never wraps an axis title: one longer than its axis runs off the figure, which a
// one-column PDF makes common ("Optimization-failure rate (TLE, MLE)" on a 2.5 in tall plot).

/**
 * Breaks `text` at spaces, or after a hyphen, into lines no wider than `max` (Plotly's `<br>`),
 * filling each line in turn; a piece wider than `max` keeps a line of its own. Text with markup
 * is left alone.
 */
export function wrapTitle(text: string, max: number, width: (s: string) => number): string {
  if (text.includes('<') || width(text) <= max) return text;
  // Each piece with what joins it to the one before: a space, or nothing after a hyphen.
  const pieces = text
    .split(/\s+/)
    .filter(Boolean)
    .flatMap((word) => word.split(/(?<=-)(?=.)/).map((part, i) => ({ part, glue: i === 0 ? ' ' : '' })));
  const lines: string[] = [];
  let line = '';
  for (const { part, glue } of pieces) {
    const longer = line ? line + glue + part : part;
    if (line && width(longer) > max) {
      lines.push(line);
      line = part;
    } else line = longer;
  }
  lines.push(line);
  return lines.join('<br>');
}
