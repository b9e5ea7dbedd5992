export { createJudge, validateSamples, type Judge, type JudgeOptions, type JudgeRunOptions } from './judge';
export { loadBenchmark, parseBenchmark, type LoadBenchmarkOptions } from './benchmark';
export { loadSamples } from './samples';
export { checkOutput } from './checker';
export { tierCount } from './tiers';
export { JudgeInputError, JudgeSetupError } from './errors';
export type * from './types';
export { NAMESPACE_SCOPES, SANDBOX_BACKENDS } from './types';
export { JUDGE_VERSION, machineOf } from './version';
