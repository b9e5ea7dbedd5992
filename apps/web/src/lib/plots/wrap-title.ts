// Plotly never wraps an axis title: one longer than its axis runs off the figure, which a
// one-column PDF makes common ("Optimization-failure rate (TLE, MLE)" on a 2.5 in tall plot).

/**
 * Breaks `text` at spaces into lines no wider than `max` (Plotly's `<br>`), filling each line in
 * turn; a single word wider than `max` keeps a line of its own. Text with markup is left alone.
 */
export function wrapTitle(text: string, max: number, width: (s: string) => number): string {
  if (text.includes('<') || width(text) <= max) return text;
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const longer = line ? `${line} ${word}` : word;
    if (line && width(longer) > max) {
      lines.push(line);
      line = word;
    } else line = longer;
  }
  lines.push(line);
  return lines.join('<br>');
}
