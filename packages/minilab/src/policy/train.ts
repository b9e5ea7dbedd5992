// Trains the demo lab's two endpoints from one shared initialisation: REINFORCE with the
// low-coverage reward (tiers 1-2 pass) and with the high-coverage reward (every tier passes),
// both computed from the judge's verdicts on the candidates.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SampleResult } from '@frontier/judge';
import { buildBenchmark } from '../build-benchmark';
import { listCandidates, type Candidate } from '../problems';
import { writePolicyCheckpoint, policyConfig } from './checkpoint';
import { rawFeatures } from './features';
import { fitNormalization } from './normalization';
import { policyProblems } from './policy';
import { candidateKey, judgeCandidates } from './judge-candidates';
import { expectedReward, initialWeights, reinforce, type RlProblem } from './reinforce';

/** Chosen once, before the first run, and not tuned to the frontier they produce. */
export const TRAINING_DEFAULTS = {
  /** Seed of the benchmark the rewards are judged on (the demo study evaluates on another). */
  benchmarkSeed: 1,
  /** Seed of theta_0 and of every REINFORCE sample; both endpoints draw the same streams. */
  seed: 1,
  steps: 200,
  learningRate: 0.2,
  samplesPerProblem: 8,
  initStd: 0.01,
};

export type TrainingOptions = typeof TRAINING_DEFAULTS;

export const REWARDS = {
  low: (r: Pick<SampleResult, 'coveragePassed' | 'verdict'>): number => (r.coveragePassed >= 2 ? 1 : 0),
  high: (r: Pick<SampleResult, 'coveragePassed' | 'verdict'>): number => (r.verdict === 'AC' ? 1 : 0),
};
type Endpoint = keyof typeof REWARDS;

/** The pure part: from verdicts to the three weight vectors and the training curves. */
export function fitEndpoints(
  candidates: readonly Candidate[],
  results: ReadonlyMap<string, SampleResult>,
  opts: TrainingOptions,
) {
  const normalization = fitNormalization(candidates.map((c) => rawFeatures(c.code)));
  const problems = [...policyProblems(normalization, candidates).values()];
  const rl = (reward: Endpoint): RlProblem[] =>
    problems.map((p) => ({
      id: p.id,
      features: p.features,
      rewards: p.candidates.map((c) => {
        const r = results.get(candidateKey(c));
        if (!r) throw new Error(`no verdict for candidate ${candidateKey(c)}`);
        return REWARDS[reward](r);
      }),
    }));
  const tasks = { low: rl('low'), high: rl('high') };
  // Stored as F32, so theta_0 and every figure below use the F32-rounded weights.
  const init = Float32Array.from(initialWeights(normalization.mean.length, opts.seed, opts.initStd));
  const rewardsOf = (w: ArrayLike<number>) => ({
    low: expectedReward(w, tasks.low),
    high: expectedReward(w, tasks.high),
  });
  const train = (endpoint: Endpoint) => {
    const curve = { sampledReward: [] as number[], expectedLow: [] as number[], expectedHigh: [] as number[] };
    const result = reinforce(tasks[endpoint], init, opts, (_, w) => {
      const e = rewardsOf(w);
      curve.expectedLow.push(e.low);
      curve.expectedHigh.push(e.high);
    });
    curve.sampledReward = result.sampledReward;
    const weight = Float32Array.from(result.weight);
    return { weight, expectedReward: rewardsOf(weight), curve };
  };
  return {
    config: policyConfig(normalization),
    init: { weight: init, expectedReward: rewardsOf(init) },
    low: train('low'),
    high: train('high'),
  };
}

export interface TrainEndpointsOptions extends Partial<TrainingOptions> {
  /** Receives init/, low/, high/ and training.json. */
  outDir: string;
  workers?: number;
  log?: (message: string) => void;
}

/** Builds the benchmark, judges every candidate once, trains both endpoints, writes them. */
export async function trainEndpoints(options: TrainEndpointsOptions) {
  const opts = trainingOptions(options);
  const log = options.log ?? (() => {});
  const candidates = listCandidates();
  log(`building the minilab benchmark (seed ${opts.benchmarkSeed})`);
  const benchmark = await buildBenchmark({ seed: opts.benchmarkSeed });
  log(`judging ${candidates.length} candidates`);
  const judged = await judgeCandidates(benchmark, candidates, {
    ...(options.workers && { workers: options.workers }),
    log,
  });
  const results = new Map(judged.map((r) => [r.id, r]));
  log(`training two endpoints, ${opts.steps} steps each`);
  const fit = fitEndpoints(candidates, results, opts);
  for (const name of ['init', 'low', 'high'] as const)
    await writePolicyCheckpoint(join(options.outDir, name), fit[name].weight, fit.config);
  const report = trainingReport(opts, fit, judged);
  await mkdir(options.outDir, { recursive: true });
  await writeFile(join(options.outDir, 'training.json'), `${JSON.stringify(report, null, 1)}\n`);
  return report;
}

const round = (x: number): number => Math.round(x * 1e6) / 1e6;

function trainingReport(opts: TrainingOptions, fit: ReturnType<typeof fitEndpoints>, judged: SampleResult[]) {
  const rewards = (e: { low: number; high: number }) => ({ low: round(e.low), high: round(e.high) });
  const endpoint = (e: ReturnType<typeof fitEndpoints>['low']) => ({
    expectedReward: rewards(e.expectedReward),
    curve: {
      sampledReward: e.curve.sampledReward.map(round),
      expectedLow: e.curve.expectedLow.map(round),
      expectedHigh: e.curve.expectedHigh.map(round),
    },
  });
  return {
    command: 'npm run lab:train',
    hyperparameters: {
      ...opts,
      optimizer: 'plain gradient ascent on the mean over problems',
      baseline: "mean reward of the step's samples of the same problem",
    },
    rewards: { low: 'coveragePassed >= 2 (every test of tiers 1-2 AC)', high: "verdict 'AC' (every tier)" },
    expectedRewardNote: 'mean over problems of sum_c pi(c) r(c), with the F32 weights as stored',
    endpoints: {
      init: { expectedReward: rewards(fit.init.expectedReward) },
      low: endpoint(fit.low),
      high: endpoint(fit.high),
    },
    observedVerdicts: {
      note: 'Observation log: what the judge returned for each candidate during this run. Written after judging, never read back as an input.',
      candidates: judged.map((r) => ({
        candidate: r.id,
        verdict: r.verdict,
        coveragePassed: r.coveragePassed,
        tiers: r.tiers,
      })),
    },
  };
}

/** The hyper-parameters only (no paths or callbacks), defaults filled in. */
function trainingOptions(o: Partial<TrainingOptions>): TrainingOptions {
  const keys = Object.keys(TRAINING_DEFAULTS) as Array<keyof TrainingOptions>;
  return Object.fromEntries(keys.map((k) => [k, o[k] ?? TRAINING_DEFAULTS[k]])) as TrainingOptions;
}
