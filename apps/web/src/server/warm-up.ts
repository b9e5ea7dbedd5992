import type { AccessMode } from '@frontier/config';
import type { StudySummary } from '../lib/study/studies-api';

// A just-started server renders its first study page ~0.5 s slower than every later one (V8
// compiles the page's server code on first use, whatever the study) and reads that study's data
// for the first time (~0.2 s at 10M samples). So, once it listens, a local-mode server opens the
// newest study's page itself: whoever comes first after a restart finds both done.
// In server mode every page needs a signed-in user and the server has none of its own, so there
// the first visitor still pays this once.

interface WarmUpState {
  done: boolean;
}

// On globalThis: instrumentation.ts runs this and the health route reads it, and Next bundles the
// two separately (a module-level variable would exist once per bundle).
const KEY = Symbol.for('frontier.warmUp');
type Holder = { [KEY]?: WarmUpState };

export function warmUpState(): WarmUpState {
  const holder = globalThis as Holder;
  return (holder[KEY] ??= { done: false });
}

/** The server's own address for a request to itself, or undefined where it has none to use. */
export function selfOrigin(mode: AccessMode, port: number | undefined): string | undefined {
  if (mode.mode !== 'local' || port === undefined) return undefined;
  const host =
    mode.host === 'localhost'
      ? '127.0.0.1'
      : mode.host.includes(':') && !mode.host.startsWith('[')
        ? `[${mode.host}]`
        : mode.host;
  return `http://${host}:${port}`;
}

const TIMEOUT_MS = 60_000;

/** Renders the newest study's page once; never throws (a failed warm-up is only logged). */
export async function warmUp(origin: string | undefined, log: (message: string) => void): Promise<void> {
  const state = warmUpState();
  try {
    if (!origin) return;
    const t0 = performance.now();
    const list = await fetch(`${origin}/api/studies`, { signal: AbortSignal.timeout(TIMEOUT_MS) });
    if (!list.ok) throw new Error(`GET /api/studies answered ${list.status}`);
    const newest = ((await list.json()) as { studies: StudySummary[] }).studies[0];
    if (!newest) return;
    const page = await fetch(`${origin}/studies/${newest.id}`, { signal: AbortSignal.timeout(TIMEOUT_MS) });
    await page.arrayBuffer();
    if (!page.ok) throw new Error(`GET /studies/${newest.id} answered ${page.status}`);
    log(
      `warmed up: rendered the page of study ${JSON.stringify(newest.name)} in ${Math.round(performance.now() - t0)} ms`,
    );
  } catch (err) {
    log(`warm-up skipped: ${(err as Error).message}`);
  } finally {
    state.done = true;
  }
}
