/** One colour per verdict, shared by the per-test strip, sample list and counts. */
export const VERDICT_COLORS: Record<string, string> = {
  AC: '#2e8b57',
  WA: '#c0392b',
  TLE: '#e67e22',
  MLE: '#8e44ad',
  RE: '#8d5a3b',
  CE: '#7f8c8d',
  OLE: '#d35d8a',
  IE: '#34495e',
};

export const verdictColor = (v: string | null) => (v ? (VERDICT_COLORS[v] ?? '#999') : '#c8ccd2');
