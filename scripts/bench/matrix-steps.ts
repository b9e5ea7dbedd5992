import type { Browser, Page } from '@playwright/test';
import { installFrameRecorder, loadFrames, type LoadFrames } from './frames';

// What bench:matrix does in the page: open a view cold, scroll the solve matrix through every
// row, re-sort it, page a problem's samples. Timing of frames is frames.ts's job.

export const VIEWPORT = { width: 1400, height: 1000 };
/** One wheel notch, in px (Chromium's default on Linux is 100-120 px per notch; a fast hand sends several). */
export const WHEEL_PX = 200;

export interface ColdLoad {
  /** From navigation start to the view ready, read in the page (performance.now()). */
  ms: number;
  frames: LoadFrames;
}

/** Opens `path` in a fresh browser context (empty cache, no cookies) and times it until `ready` holds. */
export async function coldLoad(browser: Browser, url: string, ready: string): Promise<ColdLoad> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    await installFrameRecorder(context);
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'commit' });
    const ms = await (await page.waitForFunction(ready, undefined, { polling: 'raf', timeout: 180_000 })).jsonValue();
    return { ms: Number(ms), frames: await loadFrames(page) };
  } finally {
    await context.close();
  }
}

/** In-page predicates for coldLoad: return performance.now() once the view is ready, else false. */
export const READY = {
  studyPage: `document.querySelector('[data-testid="frontier-plot"][data-status="ready"]') !== null && performance.now()`,
  // Every row of the first window with its cells (the grid mounts them a few per frame).
  matrixTab: `(() => { const v = document.querySelector('[data-testid="matrix-view"]'); const g = document.querySelector('[data-testid="matrix-grid"]'); return v !== null && !v.classList.contains('fetching') && g !== null && (g.getAttribute('data-pending-rows') ?? '0') === '0' && document.querySelector('[data-testid="matrix-row"]') !== null && performance.now(); })()`,
};

export async function waitForMatrix(page: Page): Promise<void> {
  await page.waitForFunction(READY.matrixTab, undefined, { timeout: 180_000 });
}

export interface ScrollRun {
  /** Wheel notches, or viewport-high jumps, down to the last row and back up to the first. */
  steps: number;
  total: number;
  /** Whether the last row was rendered at the bottom and the first at the top again. */
  reachedEnds: boolean;
}

const AT_BOTTOM = (el: Element) => el.scrollTop + el.clientHeight >= el.scrollHeight - 1;

async function endsShown(page: Page, total: number, direction: number): Promise<boolean> {
  const index = direction > 0 ? total - 1 : 0;
  await page.waitForTimeout(300);
  return (await page.locator(`[data-testid="matrix-row"][data-row-index="${index}"]`).count()) === 1;
}

/**
 * Scrolls the grid down to its last row and back up with the mouse wheel: input events through the
 * browser, scrolled by the compositor as for a user, WHEEL_PX a notch, a notch a frame or so.
 */
export async function scrollWheel(page: Page): Promise<ScrollRun> {
  const grid = page.getByTestId('matrix-grid');
  const total = Number(await grid.getAttribute('data-total-rows'));
  const box = (await grid.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  let steps = 0;
  let reachedEnds = true;
  for (const direction of [1, -1]) {
    for (let i = 0; i < 5000; i++) {
      await page.mouse.wheel(0, direction * WHEEL_PX);
      await page.waitForTimeout(16);
      steps++;
      if (await grid.evaluate(direction > 0 ? AT_BOTTOM : (el) => el.scrollTop === 0)) break;
    }
    reachedEnds &&= await endsShown(page, total, direction);
  }
  return { steps, total, reachedEnds };
}

/** The same in steps of one viewport set on scrollTop (dragging the scrollbar): every step shows a whole new window of rows. */
export async function scrollJumps(page: Page): Promise<ScrollRun> {
  const grid = page.getByTestId('matrix-grid');
  const total = Number(await grid.getAttribute('data-total-rows'));
  let steps = 0;
  let reachedEnds = true;
  for (const direction of [1, -1]) {
    for (let i = 0; i < 5000; i++) {
      const done = await grid.evaluate((el, d) => {
        el.scrollTop += d * el.clientHeight;
        return d > 0 ? el.scrollTop + el.clientHeight >= el.scrollHeight - 1 : el.scrollTop === 0;
      }, direction);
      steps++;
      await page.waitForTimeout(100);
      if (done) break;
    }
    reachedEnds &&= await endsShown(page, total, direction);
  }
  return { steps, total, reachedEnds };
}

export interface ResortRun {
  sorts: string[];
  changes: number;
  /** Per change: from the select's change to the URL updated, the view idle and every row of the window with its cells (node side, so a few ms of polling included). */
  settleMs: number[];
}

/** Selects every sort the controls offer, `rounds` times, each selection a change of order. */
export async function resortAll(page: Page, rounds: number): Promise<ResortRun> {
  const select = page.getByTestId('matrix-sort');
  const sorts = await select.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
  const current = await select.inputValue();
  const order = [...sorts.filter((s) => s !== current), current];
  const settleMs: number[] = [];
  for (let r = 0; r < rounds; r++) {
    for (const sort of order) {
      const t0 = performance.now();
      await select.selectOption(sort);
      await page.waitForFunction(
        (s) => {
          const view = document.querySelector('[data-testid="matrix-view"]');
          const grid = document.querySelector('[data-testid="matrix-grid"]');
          const inUrl = new URLSearchParams(location.search).get('sort') ?? 'difficulty';
          const filled = grid !== null && (grid.getAttribute('data-pending-rows') ?? '0') === '0';
          return (
            view !== null &&
            !view.classList.contains('fetching') &&
            inUrl === s &&
            filled &&
            document.querySelector('[data-testid="matrix-row"]') !== null
          );
        },
        sort,
        { timeout: 60_000 },
      );
      settleMs.push(performance.now() - t0);
      await page.waitForTimeout(150);
    }
  }
  return { sorts, changes: settleMs.length, settleMs };
}

export interface DrillDown {
  problemId: number;
  checkpointId: number;
  /** Judged samples of the cell in the study data (all settings pooled). */
  cellN: number;
  /** Samples the list says it has at that checkpoint. */
  listTotal: number;
  /** Sample rows in the DOM on the first page, and on the second. */
  renderedPage1: number;
  renderedPage2: number | null;
  pages: number | null;
  /** Navigation to the first page of samples listed (node side). */
  loadMs: number;
  frames: LoadFrames;
}

/** Opens the drill-down of the problem and checkpoint with the most samples and pages through its list. */
export async function drillDown(
  page: Page,
  base: string,
  studyId: number,
  cell: { problemId: number; checkpointId: number; n: number },
): Promise<DrillDown> {
  const t0 = performance.now();
  await page.goto(`${base}/studies/${studyId}/problems/${cell.problemId}?checkpoint=${cell.checkpointId}`);
  const list = page.locator('[data-testid="sample-list"][data-page="1"]:not(.fetching):not([data-total=""])');
  await list.waitFor({ timeout: 60_000 });
  await page.getByTestId('sample-item').first().waitFor();
  const loadMs = performance.now() - t0;
  const frames = await loadFrames(page);
  const listTotal = Number(await list.getAttribute('data-total'));
  const renderedPage1 = await page.getByTestId('sample-item').count();
  let renderedPage2: number | null = null;
  let pages: number | null = null;
  const next = page.getByTestId('samples-next');
  if ((await next.count()) > 0) {
    const text = await page.locator('.pb-pager').textContent();
    pages = Number(/of (\d+)/.exec(text ?? '')?.[1] ?? NaN);
    await next.click();
    await page.locator('[data-testid="sample-list"][data-page="2"]:not(.fetching)').waitFor({ timeout: 60_000 });
    renderedPage2 = await page.getByTestId('sample-item').count();
  }
  return {
    problemId: cell.problemId,
    checkpointId: cell.checkpointId,
    cellN: cell.n,
    listTotal,
    renderedPage1,
    renderedPage2,
    pages,
    loadMs,
    frames,
  };
}
