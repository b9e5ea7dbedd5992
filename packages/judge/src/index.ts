export { createJudge, validateSamples, type Judge, type JudgeOptions, type JudgeRunOptions } from './judge';
export { loadBenchmark, parseBenchmark, type LoadBenchmarkOptions } from './benchmark';
export { loadSamples } from './samples';
export { checkOutput } from './checker';
export { tierCount } from './tiers';
export { JudgeInputError } from './errors';
export type * from './types';
