// What the demo study shows, computed without the pipeline: the merged policy at each alpha and
// the judge's verdict on each candidate give each problem's outcome, either exactly (the policy's
// probabilities) or as the demo draws it (the very samples the stand-in server answers).
import { failureClassOf, type AlphaPoint, type FailureRates, type Verdict } from '@frontier/core';
import { DEMO_ALPHAS, DEMO_SAMPLES_PER_PROBLEM, DEMO_STUDY_SEED } from '../demo-study';
import { candidateKey } from './judge-candidates';
import { ToyPolicy } from './policy';

/** theta(alpha) = (1 - alpha) lo + alpha hi, in float64 and rounded to F32 once, as the merge tool does. */
export function mergedPolicy(lo: ToyPolicy, hi: ToyPolicy, alpha: number): ToyPolicy {
  if (lo.weight.length !== hi.weight.length)
    throw new Error(`endpoints differ in size: ${lo.weight.length} and ${hi.weight.length} weights`);
  const weight = Float32Array.from(lo.weight, (x, j) => (1 - alpha) * x + alpha * (hi.weight[j] as number));
  return new ToyPolicy(weight, lo.problems);
}

/** Candidate key -> the judge's verdict; refuses a missing one and the judge's own errors. */
function verdictOf(verdicts: ReadonlyMap<string, Verdict>, key: string): Verdict {
  const verdict = verdicts.get(key);
  if (verdict === undefined) throw new Error(`no verdict for candidate ${key}`);
  if (verdict === 'IE') throw new Error(`candidate ${key} got an internal error of the judge; judge it again`);
  return verdict;
}

/** The policy's exact rates on a problem: each class's share is the sum of pi(c) over its candidates. */
export function expectedRates(
  policy: ToyPolicy,
  problemId: string,
  verdicts: ReadonlyMap<string, Verdict>,
): FailureRates {
  const share = { SOLVED: 0, CORRECTNESS: 0, OPTIMIZATION: 0, INTERNAL: 0 };
  const { candidates } = policy.problem(problemId);
  policy
    .probabilities(problemId)
    .forEach((p, i) => (share[failureClassOf(verdictOf(verdicts, candidateKey(candidates[i]!)))] += p));
  return { solveRate: share.SOLVED, correctnessRate: share.CORRECTNESS, optimizationRate: share.OPTIMIZATION };
}

/** Outcome counts of one problem's samples, by failure class. */
export interface DrawnCounts {
  n: number;
  solved: number;
  correctness: number;
  optimization: number;
}

/**
 * How samples 0..n-1 of a problem under `seed` end, the samples the demo study draws: its
 * pipeline asks the stand-in server for them with the study's seed at every alpha.
 */
export function drawnCounts(
  policy: ToyPolicy,
  problemId: string,
  verdicts: ReadonlyMap<string, Verdict>,
  seed: number,
  n: number,
): DrawnCounts {
  const counts = { n, solved: 0, correctness: 0, optimization: 0 };
  const key = { SOLVED: 'solved', CORRECTNESS: 'correctness', OPTIMIZATION: 'optimization' } as const;
  for (let idx = 0; idx < n; idx++) {
    const cls = failureClassOf(verdictOf(verdicts, candidateKey(policy.sample(problemId, idx, seed))));
    if (cls !== 'INTERNAL') counts[key[cls]] += 1; // verdictOf refuses IE
  }
  return counts;
}

export interface DemoPlan {
  alphas: readonly number[];
  seed: number;
  samplesPerProblem: number;
}

export const DEMO_PLAN: DemoPlan = {
  alphas: DEMO_ALPHAS,
  seed: DEMO_STUDY_SEED,
  samplesPerProblem: DEMO_SAMPLES_PER_PROBLEM,
};

/** What the demo study shows on these problems: its draws at each alpha of the plan, as core's per-alpha counts. */
export function drawnFrontier(
  lo: ToyPolicy,
  hi: ToyPolicy,
  verdicts: ReadonlyMap<string, Verdict>,
  problemIds: readonly string[],
  plan = DEMO_PLAN,
): AlphaPoint[] {
  return plan.alphas.map((alpha) => {
    const policy = mergedPolicy(lo, hi, alpha);
    const counts = problemIds.map((id) => drawnCounts(policy, id, verdicts, plan.seed, plan.samplesPerProblem));
    return {
      alpha,
      n: counts.map((c) => c.n),
      solved: counts.map((c) => c.solved),
      correctness: counts.map((c) => c.correctness),
      optimization: counts.map((c) => c.optimization),
    };
  });
}

/** The policy's exact rates at each alpha, means over the problems. */
export function expectedFrontier(
  lo: ToyPolicy,
  hi: ToyPolicy,
  verdicts: ReadonlyMap<string, Verdict>,
  problemIds: readonly string[],
  alphas = DEMO_ALPHAS,
): Array<{ alpha: number; rates: FailureRates }> {
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  return alphas.map((alpha) => {
    const policy = mergedPolicy(lo, hi, alpha);
    const per = problemIds.map((id) => expectedRates(policy, id, verdicts));
    return {
      alpha,
      rates: {
        solveRate: mean(per.map((r) => r.solveRate)),
        correctnessRate: mean(per.map((r) => r.correctnessRate)),
        optimizationRate: mean(per.map((r) => r.optimizationRate)),
      },
    };
  });
}
