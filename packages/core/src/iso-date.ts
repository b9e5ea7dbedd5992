/**
 * Parses an ISO date or date-time. LiveCodeBench writes `2023-08-21T00:00:00` without a zone;
 * JavaScript would read that as local time, so a zone-less date-time is taken as UTC.
 */
export function parseIsoDate(text: string): Date | null {
  const trimmed = text.trim();
  if (!/^\d{4}-\d{2}-\d{2}/.test(trimmed)) return null;
  const zoned = /T[\d:.]+$/.test(trimmed) ? `${trimmed}Z` : trimmed;
  const date = new Date(zoned);
  return Number.isNaN(date.getTime()) ? null : date;
}
