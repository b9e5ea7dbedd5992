import { describe, expect, it } from 'vitest';
import { listCandidates } from '../problems';
import { FEATURE_NAMES, rawFeatures } from './features';
import { fitNormalization } from './normalization';
import { policyProblems } from './policy';
import { statements, stripCommentsAndStrings } from './python-source';

const candidates = listCandidates();
const at = (code: string, name: string): number => rawFeatures(code)[FEATURE_NAMES.indexOf(name)] as number;

describe('features', () => {
  it('keep the dimension small and the names unique', () => {
    expect(FEATURE_NAMES.length).toBeGreaterThanOrEqual(10);
    expect(FEATURE_NAMES.length).toBeLessThanOrEqual(30);
    expect(new Set(FEATURE_NAMES).size).toBe(FEATURE_NAMES.length);
  });

  it('are deterministic and finite for every candidate', () => {
    for (const c of candidates) {
      const f = rawFeatures(c.code);
      expect(f).toEqual(rawFeatures(c.code));
      expect(f.every(Number.isFinite), `${c.problemId}/${c.name}`).toBe(true);
    }
  });

  it('ignore file names: renaming every candidate changes no feature', () => {
    const norm = fitNormalization(candidates.map((c) => rawFeatures(c.code)));
    const renamed = candidates.map((c, i) => ({ ...c, name: `sample-${String(i).padStart(3, '0')}` }));
    const a = policyProblems(norm, candidates);
    const b = policyProblems(norm, renamed);
    for (const [id, p] of a) expect(b.get(id)?.features).toEqual(p.features);
  });

  it('ignore comments and the contents of strings', () => {
    const code = 'n = int(input())\nprint(n * 2, "x")\n';
    const noisy =
      '# brute force, O(n^2), for for for while\nn = int(input())  # memo lru_cache\nprint(n * 2, "for while sorted(")\n';
    expect(rawFeatures(noisy)).toEqual(rawFeatures(code));
    expect(stripCommentsAndStrings('x = """a # b\nc""" # d\n')).toBe("x = '' \n");
  });

  it('measure what they say on small programs', () => {
    const nested = 'for i in range(n):\n    for j in range(n):\n        s += sum(a[k] for k in range(j))\n';
    expect(at(nested, 'loop_depth')).toBe(3);
    expect(at('def f(x):\n    return 1 if x < 2 else f(x - 1) + f(x - 2)\nprint(f(10))\n', 'recursion')).toBe(1);
    expect(at('def f(x):\n    return x + 1\nprint(f(1))\n', 'recursion')).toBe(0);
    expect(at('dp = [[0] * (m + 1) for _ in range(n + 1)]\n', 'table_2d')).toBe(1);
    expect(at('import sys\nsys.setrecursionlimit(10 ** 6)\n', 'recursion_limit')).toBe(1);
    expect(at('print(a // b)\n', 'true_division')).toBe(0);
    expect(at('print(a / b)\n', 'true_division')).toBe(1);
    expect(statements('x = f(1,\n  2)\nif x:\n    y = 3\n')).toEqual([
      { indent: 0, text: 'x = f(1, 2)' },
      { indent: 0, text: 'if x:' },
      { indent: 4, text: 'y = 3' },
    ]);
  });
});
