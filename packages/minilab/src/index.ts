export { buildBenchmark } from './build-benchmark';
export type { Benchmark, BenchmarkProblem, BenchmarkTest, BuildOptions } from './build-benchmark';
export { listCandidates, listProblems, listProblemIds, readProblem, PROBLEMS_DIR } from './problems';
export type { Candidate, ProblemMeta } from './problems';
export { generateTests } from './generate-tests';
export { generators } from './generators';
export type { Generator, TestInput, Tier } from './generators';
export { makeRng, deriveSeed } from './rng';
export type { Rng } from './rng';
export { createToyPolicyBackend, type ToyPolicyBackendOptions } from './policy/backend';
export { FEATURES, FEATURE_NAMES, rawFeatures } from './policy/features';
export { fitNormalization, normalize, type Normalization } from './policy/normalization';
export {
  ToyPolicy,
  logits,
  softmax,
  pickIndex,
  sampleUniform,
  policyProblems,
  type PolicyProblem,
} from './policy/policy';
export {
  loadToyPolicy,
  readPolicyCheckpoint,
  writePolicyCheckpoint,
  policyConfig,
  WEIGHT_TENSOR,
  type PolicyConfig,
} from './policy/checkpoint';
export {
  reinforce,
  expectedReward,
  initialWeights,
  type RlProblem,
  type ReinforceOptions,
  type ReinforceResult,
} from './policy/reinforce';
export { toJudgeBenchmark, judgeCandidates, candidateKey } from './policy/judge-candidates';
export {
  trainEndpoints,
  fitEndpoints,
  TRAINING_DEFAULTS,
  REWARDS,
  type TrainingOptions,
  type TrainEndpointsOptions,
} from './policy/train';
export { DEMO_ENDPOINTS } from './policy/endpoints';
export { startToyServer, type ToyServer, type ToyServerOptions } from './serve/toy-server';
export { toyServerCommand } from './serve/command';
export { DEMO_ALPHAS, DEMO_SAMPLES_PER_PROBLEM, DEMO_STUDY_SEED } from './demo-study';
export {
  mergedPolicy,
  expectedRates,
  drawnCounts,
  drawnFrontier,
  expectedFrontier,
  DEMO_PLAN,
  type DemoPlan,
  type DrawnCounts,
} from './policy/demo-frontier';
export { describePhenomenon } from './policy/describe-phenomenon';
export {
  demoPhenomenon,
  ensembleWins,
  pointRates,
  PHENOMENON_THRESHOLDS,
  type PhenomenonReport,
  type ExtrapolationStep,
  type EnsembleAtBudget,
} from './policy/phenomenon';
