import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { listCandidates } from '../problems';
import { rawFeatures } from './features';
import { fitNormalization } from './normalization';
import { pickIndex, policyProblems, sampleUniform, softmax, ToyPolicy } from './policy';

const candidates = listCandidates();
const norm = fitNormalization(candidates.map((c) => rawFeatures(c.code)));
const problems = policyProblems(norm, candidates);
const weight = Float32Array.from({ length: norm.mean.length }, (_, j) => Math.sin(j + 1));
const policy = new ToyPolicy(weight, problems);

describe('toy policy', () => {
  it('softmax gives a probability distribution, even for extreme logits', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: -1e3, max: 1e3, noNaN: true }), { minLength: 1, maxLength: 10 }), (xs) => {
        const p = softmax(xs);
        expect(p.every((q) => q >= 0 && q <= 1)).toBe(true);
        expect(p.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
      }),
    );
  });

  it('gives every problem a distribution over its own candidates', () => {
    expect(problems.size).toBe(24);
    for (const id of problems.keys()) {
      const p = policy.probabilities(id);
      expect(p).toHaveLength(problems.get(id)!.candidates.length);
      expect(p.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    }
  });

  it('samples deterministically per (seed, problem, idx)', () => {
    for (const id of ['dijkstra', 'lis-length']) {
      const draw = (seed: number) => Array.from({ length: 64 }, (_, i) => policy.sample(id, i, seed).name);
      expect(draw(7)).toEqual(draw(7));
      expect(draw(7)).not.toEqual(draw(8));
      // A resumed run asking only for index 40 gets what the full run got.
      expect(policy.sample(id, 40, 7).name).toBe(draw(7)[40]);
    }
  });

  it('draws sample idx under seed s from stream s + idx alone, as a server answering `seed: s + idx` does', () => {
    for (const id of ['dijkstra', 'lis-length']) {
      for (const [seed, idx] of [
        [7, 0],
        [7, 5],
        [100, 3],
        [0, 63],
      ] as const) {
        expect(policy.sample(id, idx, seed)).toBe(policy.sampleStream(id, seed + idx));
        const u = sampleUniform(seed + idx, id);
        expect(policy.sample(id, idx, seed)).toBe(problems.get(id)!.candidates[pickIndex(policy.probabilities(id), u)]);
      }
      // Streams are per problem: the same stream seed draws independently for another problem.
      expect(sampleUniform(9, id)).not.toBe(sampleUniform(9, `${id}x`));
    }
  });

  it('samples candidates in proportion to their probabilities', () => {
    const probs = policy.probabilities('dijkstra');
    const counts = new Array(probs.length).fill(0) as number[];
    const n = 20000;
    for (let i = 0; i < n; i++) {
      const name = policy.sample('dijkstra', i, 3).name;
      counts[problems.get('dijkstra')!.candidates.findIndex((c) => c.name === name)]! += 1;
    }
    counts.forEach((c, i) => expect(Math.abs(c / n - probs[i]!)).toBeLessThan(0.02));
    expect(pickIndex([0.25, 0.75], 0.2499)).toBe(0);
    expect(pickIndex([0.25, 0.75], 0.25)).toBe(1);
  });

  it('names an unknown problem', () => {
    expect(() => policy.sample('no-such-problem', 0, 1)).toThrow(/unknown problem "no-such-problem"/);
  });
});
