// The toy policy: a log-linear model over a problem's candidate programs. The logit of candidate
// c is w · z(c), with z the normalised feature vector; probabilities are the softmax over the
// problem's candidates. One weight vector serves every problem, as one model serves every prompt.
import { listCandidates, type Candidate } from '../problems';
import { mulberry32 } from '@frontier/core';
import { deriveSeed } from '../rng';
import { rawFeatures } from './features';
import { normalize, type Normalization } from './normalization';

export function logits(weight: ArrayLike<number>, features: readonly (readonly number[])[]): number[] {
  return features.map((z) => {
    if (z.length !== weight.length)
      throw new Error(`feature vector has ${z.length} entries, the weights ${weight.length}`);
    let s = 0;
    for (let j = 0; j < z.length; j++) s += (weight[j] as number) * (z[j] as number);
    return s;
  });
}

export function softmax(xs: readonly number[]): number[] {
  const max = Math.max(...xs);
  const e = xs.map((x) => Math.exp(x - max));
  const total = e.reduce((a, b) => a + b, 0);
  return e.map((x) => x / total);
}

/** Inverse CDF: the index whose cumulative probability first exceeds u in [0, 1). */
export function pickIndex(probs: readonly number[], u: number): number {
  let acc = 0;
  for (let i = 0; i < probs.length; i++) {
    acc += probs[i] as number;
    if (u < acc) return i;
  }
  return probs.length - 1; // u within rounding of 1
}

/**
 * The uniform draw of one sample of a problem from stream `streamSeed`. Sample `idx` under seed
 * `s` uses stream `s + idx`: the OpenAI client asks for samples `i..i+n-1` with `seed: s + i`, so
 * a server that draws choice k from stream `seed + k` reproduces the in-process backend.
 */
export function sampleUniform(streamSeed: number, problemId: string): number {
  return mulberry32(deriveSeed(streamSeed, problemId))();
}

export interface PolicyProblem {
  id: string;
  /** In name order (the order only fixes the sampling CDF; names are never features). */
  candidates: Candidate[];
  /** Normalised feature vectors, one per candidate. */
  features: number[][];
}

/** Every problem's candidates with their normalised features. */
export function policyProblems(
  normalization: Normalization,
  candidates: readonly Candidate[] = listCandidates(),
): Map<string, PolicyProblem> {
  const byId = new Map<string, PolicyProblem>();
  for (const c of candidates) {
    const p = byId.get(c.problemId) ?? { id: c.problemId, candidates: [], features: [] };
    p.candidates.push(c);
    p.features.push(normalize(rawFeatures(c.code), normalization));
    byId.set(c.problemId, p);
  }
  return byId;
}

export class ToyPolicy {
  constructor(
    readonly weight: Float32Array,
    readonly problems: Map<string, PolicyProblem>,
  ) {}

  problem(problemId: string): PolicyProblem {
    const p = this.problems.get(problemId);
    if (!p)
      throw new Error(
        `toy policy: unknown problem "${problemId}" (minilab has ${[...this.problems.keys()].join(', ')})`,
      );
    return p;
  }

  logits(problemId: string): number[] {
    return logits(this.weight, this.problem(problemId).features);
  }

  probabilities(problemId: string): number[] {
    return softmax(this.logits(problemId));
  }

  /** Sample `idx` of a problem: the same (seed, problem, idx) always gives the same candidate. */
  sample(problemId: string, idx: number, seed: number): Candidate {
    return this.sampleStream(problemId, seed + idx);
  }

  /** The candidate stream `streamSeed` draws (what a server answers to a request with that seed). */
  sampleStream(problemId: string, streamSeed: number): Candidate {
    const i = pickIndex(this.probabilities(problemId), sampleUniform(streamSeed, problemId));
    return this.problem(problemId).candidates[i] as Candidate;
  }
}
