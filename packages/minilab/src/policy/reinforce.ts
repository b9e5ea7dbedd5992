// REINFORCE for the log-linear policy, with a mean-reward baseline. Pure and deterministic: the
// samples of step t on problem p come from their own stream derived from (seed, t, p).
import { mulberry32 } from '@frontier/core';
import { deriveSeed } from '../rng';
import { logits, pickIndex, softmax } from './policy';

export interface RlProblem {
  id: string;
  /** Normalised feature vectors of the problem's candidates. */
  features: number[][];
  /** Reward of each candidate (here 0 or 1, from the judge's verdicts). */
  rewards: number[];
}

export interface ReinforceOptions {
  steps: number;
  learningRate: number;
  /** Samples drawn per problem per step; their mean reward is the baseline. */
  samplesPerProblem: number;
  seed: number;
}

export interface ReinforceResult {
  weight: Float64Array;
  /** Mean sampled reward of each step (before that step's update). */
  sampledReward: number[];
}

/** Small Gaussian weights (Box-Muller over mulberry32): the shared initialisation theta_0. */
export function initialWeights(dim: number, seed: number, std: number): Float64Array {
  const next = mulberry32(deriveSeed(seed, 'init'));
  return Float64Array.from(
    { length: dim },
    () => std * Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next()),
  );
}

/** Mean over problems of the policy's expected reward sum_c pi(c) r(c). */
export function expectedReward(weight: ArrayLike<number>, problems: readonly RlProblem[]): number {
  const total = problems.reduce((s, p) => {
    const pi = softmax(logits(weight, p.features));
    return s + pi.reduce((a, q, i) => a + q * (p.rewards[i] as number), 0);
  }, 0);
  return total / problems.length;
}

export function reinforce(
  problems: readonly RlProblem[],
  init: ArrayLike<number>,
  opts: ReinforceOptions,
  onStep?: (step: number, weight: Float64Array) => void,
): ReinforceResult {
  const w = Float64Array.from(init);
  const sampledReward: number[] = [];
  for (let step = 0; step < opts.steps; step++) {
    const grad = new Float64Array(w.length);
    let rewardSum = 0;
    for (const p of problems) {
      const pi = softmax(logits(w, p.features));
      // E_pi[z]: grad log pi(a) = z_a - E_pi[z] for a log-linear policy.
      const meanZ = new Float64Array(w.length);
      p.features.forEach((z, i) => z.forEach((x, j) => (meanZ[j] = (meanZ[j] as number) + (pi[i] as number) * x)));
      const next = mulberry32(deriveSeed(opts.seed, `step ${step} ${p.id}`));
      const picks = Array.from({ length: opts.samplesPerProblem }, () => pickIndex(pi, next()));
      const rewards = picks.map((a) => p.rewards[a] as number);
      const baseline = rewards.reduce((a, b) => a + b, 0) / rewards.length;
      rewardSum += baseline;
      picks.forEach((a, k) => {
        const adv = (rewards[k] as number) - baseline;
        if (adv === 0) return;
        const z = p.features[a] as number[];
        for (let j = 0; j < w.length; j++)
          grad[j] = (grad[j] as number) + (adv * ((z[j] as number) - (meanZ[j] as number))) / opts.samplesPerProblem;
      });
    }
    sampledReward.push(rewardSum / problems.length);
    for (let j = 0; j < w.length; j++)
      w[j] = (w[j] as number) + (opts.learningRate * (grad[j] as number)) / problems.length;
    onStep?.(step, w);
  }
  return { weight: w, sampledReward };
}
