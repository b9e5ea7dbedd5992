export { buildBenchmark } from './build-benchmark';
export type { Benchmark, BenchmarkProblem, BenchmarkTest, BuildOptions } from './build-benchmark';
export { listCandidates, listProblems, listProblemIds, readProblem, PROBLEMS_DIR } from './problems';
export type { Candidate, Difficulty, ProblemMeta } from './problems';
export { generateTests } from './generate-tests';
export { generators } from './generators';
export type { Generator, TestInput, Tier } from './generators';
export { makeRng, mulberry32, deriveSeed } from './rng';
export type { Rng } from './rng';
