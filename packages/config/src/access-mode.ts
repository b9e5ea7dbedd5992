import { z } from 'zod';

// Local or server mode, from the environment: shared by `frontier up` (which refuses to start a
// misconfigured server) and the web app (which enforces it).

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

export type AccessMode =
  { mode: 'local'; host: string } | { mode: 'server'; host: string; secret: string; publicUrl: URL };

/** Reads FRONTIER_HOST, FRONTIER_AUTH_SECRET and FRONTIER_PUBLIC_URL (merge into an app's env schema). */
export const accessModeFields = {
  FRONTIER_HOST: z
    .string()
    .trim()
    .min(1)
    .default('127.0.0.1')
    .describe(
      'The interface the web app listens on: loopback is local mode, anything else server mode (`frontier up --host`).',
    ),
  FRONTIER_AUTH_SECRET: z
    .string()
    .optional()
    .describe(
      'Server mode: the secret that signs sessions, at least 32 random characters (`openssl rand -base64 32`); changing it signs everyone out.',
    ),
  FRONTIER_PUBLIC_URL: z
    .string()
    .trim()
    .optional()
    .describe(
      'Server mode: the address people open, e.g. `https://frontier.lab.example`; writes from a browser must come from its origin.',
    ),
};

type Fields = { FRONTIER_HOST: string; FRONTIER_AUTH_SECRET?: string; FRONTIER_PUBLIC_URL?: string };

export function isLoopbackHost(host: string): boolean {
  return LOOPBACK.has(host.toLowerCase());
}

/** The mode, or the problems with the variables server mode needs (each naming its variable). */
export function resolveAccessMode(env: Fields): { ok: true; value: AccessMode } | { ok: false; problems: string[] } {
  const host = env.FRONTIER_HOST;
  if (isLoopbackHost(host)) return { ok: true, value: { mode: 'local', host } };
  const problems: string[] = [];
  const secret = env.FRONTIER_AUTH_SECRET ?? '';
  if (secret.length < 32) {
    problems.push(
      `FRONTIER_AUTH_SECRET must be set to at least 32 random characters to serve on ${host} (server mode); make one with \`openssl rand -base64 32\``,
    );
  }
  let publicUrl: URL | undefined;
  if (!env.FRONTIER_PUBLIC_URL) {
    problems.push(
      `FRONTIER_PUBLIC_URL must be set to the address people open (e.g. https://frontier.lab.example) to serve on ${host} (server mode)`,
    );
  } else {
    try {
      publicUrl = new URL(env.FRONTIER_PUBLIC_URL);
      if (publicUrl.protocol !== 'http:' && publicUrl.protocol !== 'https:') throw new Error('not http(s)');
    } catch {
      problems.push(`FRONTIER_PUBLIC_URL is not an http(s) URL: ${JSON.stringify(env.FRONTIER_PUBLIC_URL)}`);
    }
  }
  if (problems.length > 0 || !publicUrl) return { ok: false, problems };
  return { ok: true, value: { mode: 'server', host, secret, publicUrl } };
}
