// npm run bench:sweep: alpha-sweep step times in real Chromium against a running server.
//   BENCH_BASE_URL (default http://localhost:3000), BENCH_STUDY (default "Perf 41x1000"; import it
//   with e2e/support/write-perf-sweep.ts + `frontier import`), BENCH_ROUNDS (default 3).
// Prints p50 / p95 / max of the page's `sweep-step` measures (input event to view updated)
// next to the 50 ms target. Numbers are noisy on shared machines: compare runs made together.
import { chromium } from '@playwright/test';
import { percentile, sweepSteps } from '../../e2e/support/sweep-steps';
import { CHROMIUM_ARGS, chromiumPath } from '../chromium';

const base = process.env.BENCH_BASE_URL ?? 'http://localhost:3000';
const studyName = process.env.BENCH_STUDY ?? 'Perf 41x1000';
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const TARGET_MS = 50;

const res = await fetch(`${base}/api/studies`);
if (!res.ok) throw new Error(`${base}/api/studies answered ${res.status}: is the server running?`);
const { studies } = (await res.json()) as { studies: { id: number; name: string }[] };
const study = studies.find((s) => s.name === studyName);
if (!study)
  throw new Error(`no study named "${studyName}" at ${base}; import one (see the comment at the top of this file)`);

const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  const t0 = Date.now();
  await page.goto(`${base}/studies/${study.id}?alpha=-1`);
  await page.locator('[data-testid="frontier-plot"][data-status="ready"]').waitFor({ timeout: 180_000 });
  console.log(`study "${study.name}" (#${study.id}): first full render ${Date.now() - t0} ms`);
  const all: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const count = (await page.getByTestId('alpha-slider').getAttribute('max')) ?? '40';
    const n = Number(count);
    all.push(...(await sweepSteps(page, [...Array(n).fill('ArrowRight'), ...Array(n).fill('ArrowLeft')])));
  }
  const fmt = (v: number) => `${v.toFixed(1)} ms`;
  console.log(
    `sweep-step, ${all.length} steps: p50 ${fmt(percentile(all, 0.5))}  p95 ${fmt(percentile(all, 0.95))}  max ${fmt(Math.max(...all))}  (target < ${TARGET_MS} ms: ${percentile(all, 0.95) < TARGET_MS ? 'met at p95' : 'NOT met at p95'})`,
  );
} finally {
  await browser.close();
}
