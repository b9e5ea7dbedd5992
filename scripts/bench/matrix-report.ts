import { percentile } from '../../e2e/support/sweep-steps';
import { FRAME_TARGET_MS, type FrameStats, type LongFrame } from './frames';
import type { Report } from './matrix';
import { WHEEL_PX } from './matrix-steps';

// bench:matrix's printout: each figure beside its target.

const COLD_TARGET_MS = 2000;
const ms = (v: number) => `${Math.round(v)} ms`;
const ms1 = (v: number) => `${v.toFixed(1)} ms`;
const met = (ok: boolean) => (ok ? 'met' : 'NOT met');

function blame(frames: LongFrame[]): string {
  const f = frames[0];
  if (!f) return '';
  const scripts = f.scripts.map((s) => `${s.invoker}${s.source ? ` ${s.source}` : ''} ${s.duration} ms`).join('; ');
  return `\n      longest long-animation-frame: ${ms(f.duration)} (blocking ${ms(f.blocking)})${scripts ? `: ${scripts}` : ''}`;
}

function frameLines(label: string, f: FrameStats): string {
  return (
    `${label}: ${f.frames} frames\n` +
    `      wall clock: p95 ${ms1(f.p95Ms)}, max ${ms1(f.maxMs)}, over ${FRAME_TARGET_MS} ms: ${f.over50}  [target: none over ${FRAME_TARGET_MS} ms: ${met(f.over50 === 0)}]\n` +
    `      main-thread CPU: p95 ${ms1(f.cpu.p95Ms)}, max ${ms1(f.cpu.maxMs)}, over ${FRAME_TARGET_MS} ms: ${f.cpu.over50}  [${met(f.cpu.over50 === 0)}]; CPU/wall ${(f.cpuShare * 100).toFixed(0)}%` +
    `${f.loaf.supported ? `; long-animation-frames over ${FRAME_TARGET_MS} ms in the page: ${f.loaf.over50}` : ''}${blame(f.loaf.longest)}`
  );
}

export function printReport(r: Report, name: string): void {
  const s = r.study;
  console.log(
    `bench:matrix, study "${name}" (#${s.id}) at ${r.base}: ${s.problems} problems x ${s.checkpoints} checkpoints, ${s.samples} judged samples (at most ${s.maxCellN} in a cell)`,
  );
  console.log(
    `  load average ${r.load[0].toFixed(1)} before, ${r.load[1].toFixed(1)} after: wall-clock figures include other processes' share of the cores; CPU figures are the page's own work`,
  );
  for (const [label, c] of [
    ['study page', r.cold.studyPage],
    ['Matrix tab', r.cold.matrixTab],
    ['study page again, server warm', r.cold.studyPageWarmServer],
  ] as const) {
    console.log(
      `  cold load, ${label} (fresh browser context): ${ms(c.ms)} [target < ${COLD_TARGET_MS} ms: ${met(c.ms < COLD_TARGET_MS)}]; long frames while loading: ${c.frames.over50}, longest ${ms(c.frames.maxMs)}`,
    );
  }
  const ends = (ok: boolean) => (ok ? '' : '; DID NOT reach both ends');
  const { wheel, jumps } = r.scroll;
  console.log(
    `  ${frameLines(`scroll with the wheel (${wheel.run.steps} notches of ${WHEEL_PX} px over ${wheel.run.total} rows, down and up${ends(wheel.run.reachedEnds)})`, wheel)}`,
  );
  console.log(
    `  ${frameLines(`scroll a viewport at a time (${jumps.run.steps} jumps, down and up${ends(jumps.run.reachedEnds)})`, jumps)}`,
  );
  const settle = r.resort.run.settleMs;
  console.log(
    `  ${frameLines(`re-sort (${r.resort.run.changes} changes over ${r.resort.run.sorts.join(', ')}; every row in view filled in p50 ${ms(percentile(settle, 0.5))}, max ${ms(Math.max(...settle))})`, r.resort)}`,
  );
  const sl = r.slider;
  console.log(
    `  slider sweep-step, ${sl.steps} steps: p50 ${ms1(sl.p50Ms)}, p95 ${ms1(sl.p95Ms)}, max ${ms1(sl.maxMs)} [target < ${FRAME_TARGET_MS} ms: ${met(sl.p95Ms < FRAME_TARGET_MS)} at p95, ${met(sl.maxMs < FRAME_TARGET_MS)} at max]`,
  );
  console.log(
    `    ${frameLines('frames while sweeping (the steps, and the plots redrawn each time the slider rests)', sl.frames)}`,
  );
  const d = r.drillDown;
  if (!d) console.log('  drill-down: no cell with samples');
  else {
    const paged = d.renderedPage1 < d.listTotal;
    console.log(
      `  drill-down, problem ${d.problemId} at checkpoint ${d.checkpointId} (${d.cellN} judged in the cell, ${d.listTotal} listed): ${d.renderedPage1} rows rendered on page 1` +
        `${d.renderedPage2 === null ? '' : `, ${d.renderedPage2} on page 2`}${d.pages ? ` of ${d.pages}` : ''}; ${paged ? 'paged' : d.listTotal > 0 && d.pages === null ? 'all on one page (fewer samples than a page)' : 'ALL RENDERED AT ONCE'}; listed in ${ms(d.loadMs)}, long frames while loading: ${d.frames.over50}, longest ${ms(d.frames.maxMs)}`,
    );
  }
}
