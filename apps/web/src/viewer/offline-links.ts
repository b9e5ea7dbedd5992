// Where links of an offline copy go. Inside the copy (a problem opened from the shared matrix,
// the way back) they change the file's location hash; links to the live study go to the site the
// copy came from when it is known, in a new tab; without it they cannot go anywhere.

/** The copy's own place, as the /s/TOKEN page is for a share: `#view`, `#view?problem=3`. */
export const OFFLINE_HOME = '#view';

let origin: string | null = null;

export function setLiveOrigin(value: string | null): void {
  origin = value;
}

/** An href as the offline copy can follow it, or null when it cannot. */
export function offlineHref(href: string): string | null {
  if (href.startsWith('#')) return href;
  if (/^https?:\/\//.test(href)) return href;
  if (href.startsWith('/') && !href.startsWith('//') && origin) return `${origin}${href}`;
  return null;
}

/** router.push/replace: a hash inside the copy, or the live site in a new tab. */
export function followOffline(href: string): void {
  const to = offlineHref(href);
  if (to === null) return;
  if (to.startsWith('#')) window.location.hash = to;
  else window.open(to, '_blank', 'noopener');
}
