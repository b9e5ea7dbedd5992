import { describe, expect, it } from 'vitest';
import { liveProblemHref, sharedProblemHref } from './problem-link';

describe('problem links', () => {
  it('open the live drill-down with the setting and scale filters and the checkpoint', () => {
    expect(liveProblemHref(3, {})(7, 11)).toBe('/studies/3/problems/7?checkpoint=11');
    expect(liveProblemHref(3, {})(7)).toBe('/studies/3/problems/7');
    expect(liveProblemHref(3, { setting: 'tool use', scale: '7B' })(7, 11)).toBe(
      '/studies/3/problems/7?setting=tool+use&scale=7B&checkpoint=11',
    );
    expect(liveProblemHref(3, { scale: '7B' })(7)).toBe('/studies/3/problems/7?scale=7B');
  });
  it('stay inside a shared link', () => {
    expect(sharedProblemHref('/s/abc_DEF-0123456789')(7, 11)).toBe('/s/abc_DEF-0123456789?problem=7&checkpoint=11');
    expect(sharedProblemHref('/s/abc_DEF-0123456789')(7)).toBe('/s/abc_DEF-0123456789?problem=7');
  });
});
