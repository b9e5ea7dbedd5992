// One way to write a moment, everywhere it is shown (web pages, the CLI): "2026-12-07 16:38 UTC".
// Always UTC and built from the UTC fields, never from the locale or the local time zone, so the
// server's HTML and the browser's render agree to the character (a mismatch breaks hydration),
// and two readers in different places see the same text for the same link.

const pad = (n: number) => String(n).padStart(2, '0');

/** "2026-12-07 16:38 UTC" for a Date, an ISO string or epoch milliseconds; "—" for an invalid time. */
export function formatTimestamp(time: Date | string | number): string {
  const d = time instanceof Date ? time : new Date(time);
  if (Number.isNaN(d.getTime())) return '—';
  return `${String(d.getUTCFullYear()).padStart(4, '0')}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} UTC`;
}
