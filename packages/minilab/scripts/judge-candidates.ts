// Judges minilab candidates with the real judge and prints one JSON line per candidate:
// {candidate, verdict, coveragePassed, tiers}, then on stderr how long judging took (the
// benchmark's build not included). Candidates are untrusted programs: run this only inside the
// judge's test containment (packages/judge/test/contain.sh), as the tests and benches do.
//   contain.sh npx tsx packages/minilab/scripts/judge-candidates.ts --seed 20261130 [--difficulty hard]
import { parseArgs } from 'node:util';
import { isDifficulty } from '@frontier/core';
import { buildBenchmark, judgeCandidates, listCandidates, listProblems } from '../src/index';

function fail(message: string): never {
  process.stderr.write(`judge-candidates: ${message}\n`);
  process.exit(2);
}

const { values } = (() => {
  try {
    return parseArgs({
      options: { seed: { type: 'string' }, difficulty: { type: 'string' } },
      strict: true,
      allowPositionals: false,
    });
  } catch (err) {
    return fail((err as Error).message);
  }
})();
const seed = Number(values.seed);
if (values.seed === undefined || !Number.isSafeInteger(seed) || seed < 0)
  fail(`--seed must be a non-negative integer, got ${JSON.stringify(values.seed)}`);
const difficulty = values.difficulty;
if (difficulty !== undefined && !isDifficulty(difficulty))
  fail(`--difficulty must be easy, medium or hard, got ${JSON.stringify(difficulty)}`);

const problemIds = listProblems()
  .filter((p) => difficulty === undefined || p.difficulty === difficulty)
  .map((p) => p.id);
const benchmark = await buildBenchmark({ seed, problemIds });
const candidates = listCandidates().filter((c) => problemIds.includes(c.problemId));
const t0 = performance.now();
const results = await judgeCandidates(benchmark, candidates);
process.stderr.write(`judged ${results.length} candidates in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
for (const r of results)
  process.stdout.write(
    `${JSON.stringify({ candidate: r.id, verdict: r.verdict, coveragePassed: r.coveragePassed, tiers: r.tiers })}\n`,
  );
