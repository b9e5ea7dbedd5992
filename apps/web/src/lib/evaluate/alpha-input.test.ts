import { describe, expect, it } from 'vitest';
import { evaluateBodySchema } from './alpha-input';

// The parsing rules themselves are tested with parseAlphaList in @frontier/core.
describe('evaluateBodySchema', () => {
  it('turns the text into numbers and reports problems on the alphas field', () => {
    expect(evaluateBodySchema.parse({ alphas: '2.5, 3' })).toEqual({ alphas: [2.5, 3] });
    const bad = evaluateBodySchema.safeParse({ alphas: 'abc' });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues[0]!.path).toEqual(['alphas']);
    expect(bad.error!.issues[0]!.message).toContain('"abc" is not a number');
    expect(evaluateBodySchema.safeParse({ alphas: '2, 11' }).error!.issues[0]!.message).toBe(
      'alpha 11 is outside the allowed range [-10, 10]',
    );
    expect(evaluateBodySchema.safeParse({ alphas: 2.5 }).success).toBe(false);
    expect(evaluateBodySchema.safeParse({ alphas: '1', extra: true }).success).toBe(false);
  });
});
