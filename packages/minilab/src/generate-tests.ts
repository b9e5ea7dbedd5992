// Test inputs of a problem for a benchmark seed; each problem draws from its own stream.
import { deriveSeed } from './rng';
import { generators, type TestInput } from './generators';

export function generateTests(problemId: string, seed: number): TestInput[] {
  const generate = generators[problemId];
  if (!generate) throw new Error(`no generator for problem "${problemId}"`);
  const tests = generate(deriveSeed(seed, problemId));
  for (let i = 1; i < tests.length; i++) {
    if ((tests[i] as TestInput).tier < (tests[i - 1] as TestInput).tier) {
      throw new Error(`${problemId}: generator returned tiers out of order`);
    }
  }
  return tests;
}
