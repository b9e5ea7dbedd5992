import type { BrowserContext, Page } from '@playwright/test';
import { percentile } from '../../e2e/support/sweep-steps';

// Frame durations in real Chromium, from a performance trace of the page, cross-checked in the page.
//
// - The trace (CDP Tracing, category devtools.timeline) has an `AnimationFrame` span for every frame
//   the page's main thread produced: from the start of the first task of the frame to the end of
//   its rendering (input handlers, React's work, style, layout, paint). That is what a Long
//   Animation Frame entry measures, but for every frame, not only those over 50 ms, so it gives a
//   count, a p95 and a maximum. Frames with nothing to do are not produced, so the count is of
//   frames that did some work.
// - The same trace (disabled-by-default-devtools.timeline) has every top-level task of the main
//   thread with its thread time: the CPU a frame's tasks used. On a shared machine the wall-clock
//   duration of a frame also holds the time the OS gave other processes; the CPU time is the
//   page's own cost, what the frame would take on a free core.
// - In the page, a PerformanceObserver for 'long-animation-frame' (buffered) counts the frames over
//   50 ms and names the scripts that ran in the longest, to blame.
// requestAnimationFrame deltas would also see long frames, but a rAF loop makes the browser render
// every vsync, which changes what is measured, and says nothing about why a frame was long.

/** Installed before any page script runs (context.addInitScript), so load-time frames are seen too. */
const RECORDER = `(() => {
  if (window.__frames) return;
  const rec = { loaf: [], t0: 0 };
  window.__frames = rec;
  const keep = (list) => {
    for (const e of list) {
      rec.loaf.push({
        start: e.startTime,
        duration: e.duration,
        blocking: e.blockingDuration,
        scripts: (e.scripts || []).slice(0, 3).map((s) => ({ invoker: s.invoker, duration: Math.round(s.duration), source: s.sourceFunctionName || '' })),
      });
    }
  };
  let observer = null;
  try {
    observer = new PerformanceObserver((l) => keep(l.getEntries()));
    observer.observe({ type: 'long-animation-frame', buffered: true });
  } catch (e) {}
  // Let the frame in flight finish and its entry be queued, then take what is there.
  const settle = (since) => new Promise((resolve) => setTimeout(() => {
    if (observer) keep(observer.takeRecords());
    resolve({ supported: observer !== null, loaf: rec.loaf.filter((e) => e.start >= since) });
  }, 250));
  rec.start = () => { rec.t0 = performance.now(); };
  rec.stop = () => settle(rec.t0);
  rec.sinceLoad = () => settle(0);
})();`;

export interface LongFrame {
  start: number;
  duration: number;
  blocking: number;
  scripts: { invoker: string; duration: number; source: string }[];
}

export interface Durations {
  maxMs: number;
  p95Ms: number;
  /** Frames over 50 ms. */
  over50: number;
}

export interface FrameStats extends Durations {
  /** Frames the page's main thread produced (trace AnimationFrame spans); max/p95/over50 are their wall-clock durations. */
  frames: number;
  /** The same frames' main-thread CPU time (thread time of their tasks). */
  cpu: Durations;
  /** CPU time over wall-clock time, summed over the frames: below 1 when other processes had the core. */
  cpuShare: number;
  /** In-page long-animation-frame entries: the count over 50 ms and the longest, with their scripts. */
  loaf: { supported: boolean; over50: number; longest: LongFrame[] };
}

export const FRAME_TARGET_MS = 50;

const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline'];

export async function installFrameRecorder(context: BrowserContext): Promise<void> {
  await context.addInitScript({ content: RECORDER });
}

function durations(values: number[]): Durations {
  return {
    maxMs: Math.max(0, ...values),
    p95Ms: percentile(values, 0.95),
    over50: values.filter((v) => v > FRAME_TARGET_MS).length,
  };
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  id2?: { local?: string };
  args?: { name?: string };
}

/** Wall-clock and CPU milliseconds of each frame of the renderer main thread with the most frames. */
export function framesOfTrace(events: TraceEvent[]): { wall: number; cpu: number }[] {
  const mains = new Set(
    events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`),
  );
  const spans = new Map<string, { begin: number; end?: number }[]>();
  const open = new Map<string, { begin: number; end?: number }>();
  for (const e of [...events].sort((a, b) => a.ts - b.ts)) {
    const thread = `${e.pid}:${e.tid}`;
    if (e.name !== 'AnimationFrame' || !mains.has(thread) || (e.ph !== 'b' && e.ph !== 'e')) continue;
    const key = `${thread}:${e.id2?.local ?? ''}`;
    if (e.ph === 'b') {
      const span = { begin: e.ts };
      open.set(key, span);
      spans.set(thread, [...(spans.get(thread) ?? []), span]);
    } else {
      const span = open.get(key);
      if (span) span.end = e.ts;
      open.delete(key);
    }
  }
  const [thread, frames] = [...spans].sort((a, b) => b[1].length - a[1].length)[0] ?? ['', []];
  const tasks = events
    .filter((e) => e.name === 'RunTask' && e.ph === 'X' && `${e.pid}:${e.tid}` === thread)
    .sort((a, b) => a.ts - b.ts);
  const result: { wall: number; cpu: number }[] = [];
  let t = 0;
  for (const f of frames) {
    if (f.end === undefined) continue;
    let cpu = 0;
    while (t < tasks.length && tasks[t]!.ts < f.begin) t++;
    // Top-level tasks only: a task nested in another (a nested run loop) is in its parent's time.
    let until = -1;
    for (let i = t; i < tasks.length && tasks[i]!.ts <= f.end; i++) {
      const task = tasks[i]!;
      if (task.ts < until) continue;
      cpu += (task.tdur ?? task.dur ?? 0) / 1000;
      until = task.ts + (task.dur ?? 0);
    }
    result.push({ wall: (f.end - f.begin) / 1000, cpu });
  }
  return result;
}

/** Measures the frames of everything `action` makes the page do. */
export async function measureFrames(page: Page, action: () => Promise<void>): Promise<FrameStats> {
  const browser = page.context().browser()!;
  await page.evaluate('window.__frames.start()');
  await browser.startTracing(page, { categories: CATEGORIES });
  let trace: Buffer;
  try {
    await action();
  } finally {
    trace = await browser.stopTracing();
  }
  const loaf = (await page.evaluate('window.__frames.stop()')) as { supported: boolean; loaf: LongFrame[] };
  const frames = framesOfTrace((JSON.parse(trace.toString()) as { traceEvents: TraceEvent[] }).traceEvents);
  const wall = frames.map((f) => f.wall);
  const cpu = frames.map((f) => f.cpu);
  const sum = (v: number[]) => v.reduce((a, b) => a + b, 0);
  return {
    frames: frames.length,
    ...durations(wall),
    cpu: durations(cpu),
    cpuShare: sum(wall) > 0 ? sum(cpu) / sum(wall) : Number.NaN,
    loaf: {
      supported: loaf.supported,
      over50: loaf.loaf.filter((e) => e.duration > FRAME_TARGET_MS).length,
      longest: [...loaf.loaf].sort((a, b) => b.duration - a.duration).slice(0, 3),
    },
  };
}

export interface LoadFrames {
  /** Long animation frames (over 50 ms) since the document started loading. */
  over50: number;
  maxMs: number;
  longest: LongFrame[];
  loafSupported: boolean;
}

/** The long animation frames of the current document so far (its load included: the observer is buffered). */
export async function loadFrames(page: Page): Promise<LoadFrames> {
  const raw = (await page.evaluate('window.__frames.sinceLoad()')) as { supported: boolean; loaf: LongFrame[] };
  const longest = [...raw.loaf].sort((a, b) => b.duration - a.duration);
  return {
    over50: raw.loaf.filter((e) => e.duration > FRAME_TARGET_MS).length,
    maxMs: longest[0]?.duration ?? 0,
    longest: longest.slice(0, 3),
    loafSupported: raw.supported,
  };
}
