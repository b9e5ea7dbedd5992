// Postgres's side of judging, without the judge: the judge step's database work per batch of 2,000
// samples (read the next unjudged ones, remember each program's result in judged_program, write
// the verdicts and per-test arrays onto the samples), on runs imported without verdicts, by one
// writer and by two at once (two workers). Its rate is the ceiling judge machines can reach
// before Postgres is what they wait for.
import { randomBytes } from 'node:crypto';
import {
  importStudy,
  nextUnjudgedSamples,
  rememberResults,
  storeVerdicts,
  type Db,
  type Judged,
  type ProblemSamples,
  type RunImport,
} from '@frontier/db';

export interface WriteFigures {
  testsPerSample: number;
  /** Verdicts written per second by one writer, and by two writers at once (both together). */
  oneWriter: number;
  twoWriters: number;
}

const BATCH = 2000;
const PROBLEMS = 100;

function run(study: string, i: number, samples: number): RunImport {
  return {
    source: `${study} run ${i}`,
    sourceHash: `${study} ${i}`,
    checkpoint: { name: `w${i}`, role: 'MERGED', alpha: i, scale: '' },
    setting: 'writes',
    problems: async function* (): AsyncGenerator<ProblemSamples> {
      for (let p = 0; p < PROBLEMS; p++) {
        const n = Math.ceil(samples / PROBLEMS);
        // ~1 KB programs, as a model writes them.
        yield {
          problem: { externalId: `wp${p}` },
          samples: Array.from({ length: n }, (_, idx) => ({
            idx,
            code: `# ${i} ${p} ${idx}\n${'x = 1\n'.repeat(160)}`,
            verdict: null,
          })),
        };
      }
    },
  };
}

/** Writes verdicts onto every unjudged sample of a run, batch by batch, as the judge step does. */
async function writeRun(db: Db, runId: number, tests: number): Promise<number> {
  let after = { problemId: 0, idx: -1 };
  let written = 0;
  for (;;) {
    const rows = await nextUnjudgedSamples(db, runId, after, BATCH);
    if (rows.length === 0) return written;
    after = rows.at(-1)!;
    const judged = new Map<string, Judged>();
    const keyed = rows.map((r) => {
      const wrong = r.idx % 3 === 0;
      // Stops at the first failing test, as the judge does.
      const n = wrong ? 1 + (r.idx % tests) : tests;
      const j: Judged = {
        verdict: wrong ? 'WA' : 'AC',
        coveragePassed: wrong ? 0 : 4,
        reruns: 0,
        sandbox: 'cgroup1',
        testVerdicts: Array.from({ length: n }, (_, k) => (wrong && k === n - 1 ? 1 : 0)),
        testCpuMs: Array.from({ length: n }, (_, k) => 10 + k),
        testPeakKib: Array.from({ length: n }, () => 9000),
        judgeVersion: 1,
        limitCpuMs: 2000,
        limitMemoryKib: 262144,
        machine: 'benchmark CPU',
      };
      const key = randomBytes(32).toString('hex');
      judged.set(key, j);
      return { problemId: r.problemId, idx: r.idx, judged: j };
    });
    await rememberResults(db, judged);
    written += await storeVerdicts(db.pool, runId, keyed);
  }
}

export async function verdictWrites(
  db: Db,
  { samplesPerRun = 20_000, testsPerSample = 10 } = {},
): Promise<WriteFigures> {
  const s = await importStudy(db, {
    study: { name: 'bench:workers verdict writes' },
    benchmark: 'bench-writes',
    runs: [0, 1, 2].map((i) => run('writes', i, samplesPerRun)),
  });
  const [a, b, c] = s.runIds as [number, number, number];
  let t0 = performance.now();
  const one = await writeRun(db, a, testsPerSample);
  const oneSeconds = (performance.now() - t0) / 1000;
  t0 = performance.now();
  const two = (await Promise.all([writeRun(db, b, testsPerSample), writeRun(db, c, testsPerSample)])).reduce(
    (x, y) => x + y,
    0,
  );
  const twoSeconds = (performance.now() - t0) / 1000;
  return { testsPerSample, oneWriter: one / oneSeconds, twoWriters: two / twoSeconds };
}
