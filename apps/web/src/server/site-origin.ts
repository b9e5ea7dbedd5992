import 'server-only';
import { accessMode } from '../env';

/**
 * This site's origin as others must reach it, for absolute URLs (og:image, oEmbed): the public URL
 * in server mode; in local mode the request's own Host, which the access check has already
 * limited to this machine's names.
 */
export function siteOrigin(requestHeaders: Headers): string {
  const mode = accessMode();
  if (mode.mode === 'server') return mode.publicUrl.origin;
  return `http://${requestHeaders.get('host') ?? 'localhost'}`;
}

/** Every origin a link of this site may carry: the public URL; in local mode, any loopback name at this port. */
export function ownOrigins(requestHeaders: Headers): string[] {
  const mode = accessMode();
  if (mode.mode === 'server') return [mode.publicUrl.origin];
  const own = new URL(siteOrigin(requestHeaders));
  return ['localhost', '127.0.0.1', '[::1]'].map((name) => `http://${name}${own.port ? `:${own.port}` : ''}`);
}
