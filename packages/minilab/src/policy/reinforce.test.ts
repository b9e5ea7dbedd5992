import { describe, expect, it } from 'vitest';
import { mulberry32 } from '@frontier/core';
import { expectedReward, initialWeights, reinforce, type RlProblem } from './reinforce';

// Synthetic task, no judge: random feature vectors, and a fixed reward over feature values
// (reward 1 when features 0 and 2 together outweigh feature 1).
function syntheticProblems(count: number, seed: number): RlProblem[] {
  const next = mulberry32(seed);
  return Array.from({ length: count }, (_, p) => {
    const features = Array.from({ length: 5 }, () => Array.from({ length: 6 }, () => next() * 2 - 1));
    return { id: `p${p}`, features, rewards: features.map((z) => (z[0]! + z[2]! > z[1]! ? 1 : 0)) };
  });
}

const problems = syntheticProblems(20, 11);
const opts = { steps: 150, learningRate: 0.3, samplesPerProblem: 8, seed: 5 };

describe('REINFORCE', () => {
  it('increases the expected reward on a synthetic task', () => {
    const init = initialWeights(6, 1, 0.01);
    const before = expectedReward(init, problems);
    const { weight, sampledReward } = reinforce(problems, init, opts);
    const after = expectedReward(weight, problems);
    expect(after).toBeGreaterThan(before + 0.2);
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    expect(mean(sampledReward.slice(-20))).toBeGreaterThan(mean(sampledReward.slice(0, 20)));
  });

  it('is reproducible bit for bit for a seed, and depends on it', () => {
    const init = initialWeights(6, 1, 0.01);
    const a = reinforce(problems, init, opts);
    const b = reinforce(problems, init, opts);
    expect(Buffer.from(a.weight.buffer).equals(Buffer.from(b.weight.buffer))).toBe(true);
    expect(a.sampledReward).toEqual(b.sampledReward);
    const c = reinforce(problems, init, { ...opts, seed: 6 });
    expect(Buffer.from(a.weight.buffer).equals(Buffer.from(c.weight.buffer))).toBe(false);
  });

  it('starts from small, seeded initial weights', () => {
    const w = initialWeights(20, 1, 0.01);
    expect(w).toEqual(initialWeights(20, 1, 0.01));
    expect(w).not.toEqual(initialWeights(20, 2, 0.01));
    expect(Math.max(...w.map(Math.abs))).toBeLessThan(0.05);
  });

  it('leaves the weights alone when every candidate has the same reward', () => {
    const flat = problems.map((p) => ({ ...p, rewards: p.rewards.map(() => 1) }));
    const init = initialWeights(6, 1, 0.01);
    expect(reinforce(flat, init, opts).weight).toEqual(Float64Array.from(init));
  });
});
