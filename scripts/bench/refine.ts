// npm run bench:refine - issue 16's "evidence that it pays" (a benchmark, not a timed test: it
// prints figures next to the grid's and always exits 0 unless its flags are wrong).
//   1. synthetic studies whose true pass@k along alpha is known (shapes: a peak inside [0, 1], a
//      peak beyond 1, a flat curve, a cliff): evaluated alphas until the best alpha is within 0.1
//      of the true one, for a uniform grid of step 0.25 (in full, and in coarse-to-fine order with
//      an oracle stop) and for refinement from the trained endpoints;
//   2. the demo lab through the real pipeline (embedded Postgres under .bench/, ~15 minutes, skip
//      with --no-demo): alphas until the best alpha's 95% interval is at most 0.25 wide, for the
//      grid and for the automatic refinement job.
// Flags: --seeds 5 --problems 200 --samples 20 --k 10 --range=-2,3 (synthetic);
//        --demo-range=-1,3 --demo-k 10 --demo-count 3 --no-demo (demo lab).
import { parseArgs } from 'node:util';
import { ALPHA_RANGE } from '@frontier/core';
import { SWEEP_SHAPES } from '@frontier/formats';
import { runDemo } from './refine-demo';
import { printShape } from './refine-report';
import { runShape, type SyntheticOptions } from './refine-synthetic';

function usage(message: string): never {
  console.error(`bench:refine: ${message}`);
  process.exit(2);
}

function whole(name: string, text: string, min: number, max: number): number {
  const v = Number(text);
  if (!Number.isSafeInteger(v) || v < min || v > max)
    usage(`--${name} must be a whole number from ${min} to ${max} (got ${JSON.stringify(text)})`);
  return v;
}

/** A range "lo,hi" that holds both trained endpoints (refinement starts from them). */
function range(name: string, text: string): [number, number] {
  const [lo, hi, extra] = text.split(',').map((s) => (s.trim() === '' ? NaN : Number(s)));
  const [min, max] = ALPHA_RANGE;
  if (
    extra !== undefined ||
    !(Number.isFinite(lo) && Number.isFinite(hi) && lo! <= 0 && hi! >= 1 && lo! >= min && hi! <= max)
  ) {
    usage(
      `--${name} must be "lo,hi" with ${min} <= lo <= 0 and 1 <= hi <= ${max} (got ${JSON.stringify(text)}; write --${name}=-2,3)`,
    );
  }
  return [lo!, hi!];
}

const { values: flags } = (() => {
  try {
    return parseArgs({
      options: {
        seeds: { type: 'string', default: '5' },
        problems: { type: 'string', default: '200' },
        samples: { type: 'string', default: '20' },
        k: { type: 'string', default: '10' },
        range: { type: 'string', default: '-2,3' },
        'demo-range': { type: 'string', default: '-1,3' },
        'demo-k': { type: 'string', default: '10' },
        'demo-count': { type: 'string', default: '3' },
        'no-demo': { type: 'boolean', default: false },
      },
    });
  } catch (err) {
    usage((err as Error).message);
  }
})();

const samples = whole('samples', flags.samples, 1, 1000);
const options: SyntheticOptions = {
  seeds: whole('seeds', flags.seeds, 1, 100),
  problems: whole('problems', flags.problems, 1, 5000),
  samples,
  k: whole('k', flags.k, 1, samples),
  range: range('range', flags.range),
};
const demo = flags['no-demo']
  ? undefined
  : {
      range: range('demo-range', flags['demo-range']),
      k: whole('demo-k', flags['demo-k'], 1, 64),
      count: whole('demo-count', flags['demo-count'], 1, 20),
    };

console.log(
  `== synthetic: ${options.problems} problems x ${options.samples} samples per alpha, pass@${options.k}, range [${options.range.join(', ')}], seeds 1..${options.seeds}`,
);
const t0 = performance.now();
for (const shape of SWEEP_SHAPES) {
  const results = Array.from({ length: options.seeds }, (_, i) => runShape(shape, i + 1, options));
  printShape(shape, results);
}
console.log(`(synthetic part: ${((performance.now() - t0) / 1000).toFixed(1)} s)`);

if (demo) {
  await runDemo(demo).catch((err: Error) =>
    console.log(`\ndemo lab part could not finish: ${err.stack ?? err.message}`),
  );
}
