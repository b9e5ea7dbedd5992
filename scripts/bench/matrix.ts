// npm run bench:matrix - issue 15's "browser at 10M": the solve matrix in real Chromium against a
// running server (a benchmark, not a timed test: it prints figures next to their targets).
//   BENCH_BASE_URL (default http://localhost:3000), BENCH_STUDY (a study's name or id, default
//   "Perf 41x1000": import one with e2e/support/write-perf-sweep.ts + `frontier import`; for the
//   issue's shape, `--alphas 40 --samples 5`), BENCH_ROUNDS (re-sort rounds and slider sweeps,
//   default 3), BENCH_OUT (a path: also write the report there as JSON).
// Measures: the first (cold) load of the study page and of the Matrix tab, each in a fresh browser
// context (then the study page once more, the server now warm); the frames while the matrix
// scrolls through every problem and back (with the wheel, then a viewport at a time as when
// dragging the scrollbar) and while it is re-sorted by every
// sort the controls offer; the alpha
// slider's `sweep-step` (as bench:sweep); the problem drill-down's samples list at the cell with
// the most samples (paged, or how many rows it renders at once). The browser's work depends on the
// study's problems x checkpoints, not on how many samples each cell pools.
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { chromium } from '@playwright/test';
import { percentile, sweepSteps } from '../../e2e/support/sweep-steps';
import { CHROMIUM_ARGS, chromiumPath } from '../chromium';
import { installFrameRecorder, measureFrames, type FrameStats } from './frames';
import {
  coldLoad,
  drillDown,
  READY,
  resortAll,
  scrollJumps,
  scrollWheel,
  VIEWPORT,
  waitForMatrix,
  type ColdLoad,
  type DrillDown,
  type ResortRun,
  type ScrollRun,
} from './matrix-steps';
import { printReport } from './matrix-report';

export interface Report {
  base: string;
  study: { id: number; problems: number; checkpoints: number; samples: number; maxCellN: number };
  /** The machine's load average (1 min) before and after: frames' wall-clock time depends on it, their CPU time much less. */
  load: [number, number];
  /** Fresh browser contexts: the study page and Matrix tab first (the server's caches cold too when it has just started), then the study page again (the server warm). */
  cold: { studyPage: ColdLoad; matrixTab: ColdLoad; studyPageWarmServer: ColdLoad };
  scroll: { wheel: FrameStats & { run: ScrollRun }; jumps: FrameStats & { run: ScrollRun } };
  resort: FrameStats & { run: ResortRun };
  slider: { steps: number; p50Ms: number; p95Ms: number; maxMs: number; frames: FrameStats };
  drillDown: DrillDown | null;
}

interface StudyDataJson {
  checkpoints: { id: number }[];
  problems: { id: number }[];
  counts: { n: number[] };
}

/** The study's shape, and its cell with the most judged samples (for the drill-down). */
async function studyShape(base: string, studyId: number) {
  const res = await fetch(`${base}/api/studies/${studyId}/data`);
  if (!res.ok) throw new Error(`${base}/api/studies/${studyId}/data answered ${res.status}`);
  const data = (await res.json()) as StudyDataJson;
  let best = -1;
  let samples = 0;
  data.counts.n.forEach((n, i) => {
    if (n > 0) samples += n;
    if (best < 0 || n > data.counts.n[best]!) best = i;
  });
  const P = data.problems.length;
  const cell =
    best < 0
      ? null
      : {
          problemId: data.problems[best % P]!.id,
          checkpointId: data.checkpoints[Math.floor(best / P)]!.id,
          n: data.counts.n[best]!,
        };
  return { problems: P, checkpoints: data.checkpoints.length, samples, cell };
}

export async function matrixBench(base: string, studyId: number, rounds = 3): Promise<Report> {
  const shape = await studyShape(base, studyId);
  const loadBefore = loadavg()[0]!;
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  try {
    // Cold loads first: when the server has just started, its own caches are cold too.
    const studyPage = await coldLoad(browser, `${base}/studies/${studyId}`, READY.studyPage);
    const matrixTab = await coldLoad(browser, `${base}/studies/${studyId}/matrix`, READY.matrixTab);
    // A user's usual first visit: a browser that has never seen the app, a server that has been up.
    const studyPageWarmServer = await coldLoad(browser, `${base}/studies/${studyId}`, READY.studyPage);

    const context = await browser.newContext({ viewport: VIEWPORT });
    await installFrameRecorder(context);
    const page = await context.newPage();
    await page.goto(`${base}/studies/${studyId}/matrix`);
    await waitForMatrix(page);
    await page.waitForTimeout(500);
    let wheelRun: ScrollRun | undefined;
    const wheel = await measureFrames(page, async () => {
      wheelRun = await scrollWheel(page);
    });
    let jumpRun: ScrollRun | undefined;
    const jumps = await measureFrames(page, async () => {
      jumpRun = await scrollJumps(page);
    });
    let resortRun: ResortRun | undefined;
    const resort = await measureFrames(page, async () => {
      resortRun = await resortAll(page, rounds);
    });

    await page.goto(`${base}/studies/${studyId}`);
    await page.locator('[data-testid="frontier-plot"][data-status="ready"]').waitFor({ timeout: 180_000 });
    const slider = page.getByTestId('alpha-slider');
    const n = Number((await slider.getAttribute('max')) ?? 0);
    await slider.focus();
    await page.keyboard.press('Home');
    await page.waitForTimeout(300);
    const steps: number[] = [];
    const sliderFrames = await measureFrames(page, async () => {
      for (let r = 0; r < rounds; r++)
        steps.push(...(await sweepSteps(page, [...Array(n).fill('ArrowRight'), ...Array(n).fill('ArrowLeft')])));
    });

    const drill = shape.cell ? await drillDown(page, base, studyId, shape.cell) : null;
    await context.close();
    return {
      base,
      study: {
        id: studyId,
        problems: shape.problems,
        checkpoints: shape.checkpoints,
        samples: shape.samples,
        maxCellN: shape.cell?.n ?? 0,
      },
      load: [loadBefore, loadavg()[0]!],
      cold: { studyPage, matrixTab, studyPageWarmServer },
      scroll: { wheel: { ...wheel, run: wheelRun! }, jumps: { ...jumps, run: jumpRun! } },
      resort: { ...resort, run: resortRun! },
      slider: {
        steps: steps.length,
        p50Ms: percentile(steps, 0.5),
        p95Ms: percentile(steps, 0.95),
        maxMs: Math.max(...steps),
        frames: sliderFrames,
      },
      drillDown: drill,
    };
  } finally {
    await browser.close();
  }
}

async function studyIdOf(base: string, nameOrId: string): Promise<{ id: number; name: string }> {
  const res = await fetch(`${base}/api/studies`).catch((err: Error) => {
    throw new Error(`${base}/api/studies: ${err.message}: is the server running?`);
  });
  if (!res.ok) throw new Error(`${base}/api/studies answered ${res.status}: is the server running?`);
  const { studies } = (await res.json()) as { studies: { id: number; name: string }[] };
  const study = studies.find((s) => s.name === nameOrId || String(s.id) === nameOrId);
  if (!study)
    throw new Error(`no study "${nameOrId}" at ${base}; import one (see the comment at the top of this file)`);
  return study;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const base = process.env.BENCH_BASE_URL ?? 'http://localhost:3000';
  const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
  if (!Number.isInteger(rounds) || rounds < 1) throw new Error('BENCH_ROUNDS must be a whole number >= 1');
  const study = await studyIdOf(base, process.env.BENCH_STUDY ?? 'Perf 41x1000');
  const report = await matrixBench(base, study.id, rounds);
  printReport(report, study.name);
  if (process.env.BENCH_OUT) writeFileSync(process.env.BENCH_OUT, `${JSON.stringify(report, null, 2)}\n`);
}
