import { describe, expect, it } from 'vitest';
import type { JobSummary } from '../jobs/job-summary';
import { parabolaStudy } from '../frontier/suggest-fixture';
import { activeAlphas, computeSuggestions, suggestionSource } from './suggestions';

const ALPHAS = [-1, -0.5, 0, 0.5, 1, 1.5, 2];

describe('suggestionSource', () => {
  it('reads the one setting and scale there is', () => {
    const source = suggestionSource([{ setting: 'reasoning', data: parabolaStudy(ALPHAS) }], undefined);
    expect(source.ok && source.points.map((p) => p.alpha)).toEqual(ALPHAS);
    expect(source).toMatchObject({ setting: 'reasoning', scale: '7B' });
  });
  it('asks for a setting or a scale in the filter bar instead of mixing curves', () => {
    const two = suggestionSource(
      [
        { setting: 'reasoning', data: parabolaStudy(ALPHAS) },
        { setting: 'tools', data: parabolaStudy(ALPHAS) },
      ],
      undefined,
    );
    expect(two).toEqual({
      ok: false,
      message: expect.stringContaining('choose an inference setting in the filter bar'),
    });
    expect(two.ok || two.message).toContain('2 inference settings (reasoning, tools)');
    const scales = parabolaStudy(ALPHAS, { scales: ['7B', '32B'] });
    const mixed = suggestionSource([{ setting: null, data: scales }], undefined);
    expect(mixed.ok || mixed.message).toContain('2 model scales (32B, 7B)');
    expect(mixed.ok || mixed.message).toContain('choose a model scale in the filter bar');
    const picked = suggestionSource([{ setting: null, data: scales }], '32B');
    expect(picked).toMatchObject({ ok: true, setting: null, scale: '32B' });
  });
});

describe('computeSuggestions', () => {
  const source = suggestionSource([{ setting: null, data: parabolaStudy(ALPHAS) }], undefined);
  const points = source.ok ? source.points : [];
  it('proposes count alphas with reasons inside the range, deterministically, never an excluded one', () => {
    const request = { k: 1, count: 3, range: [-1.5, 2.5] as [number, number], exclude: [] };
    const a = computeSuggestions(points, request);
    const b = computeSuggestions(points, request);
    expect(a).toEqual(b);
    if (!a.ok) throw new Error(a.message);
    const { suggestions, best } = a.refinement;
    expect(suggestions).toHaveLength(3);
    for (const s of suggestions) {
      expect(s.alpha).toBeGreaterThanOrEqual(-1.5);
      expect(s.alpha).toBeLessThanOrEqual(2.5);
      expect(s.reason.length).toBeGreaterThan(10);
    }
    expect(best!.alpha).toBeGreaterThan(0.2);
    expect(best!.alpha).toBeLessThan(1);
    const excluded = computeSuggestions(points, { ...request, exclude: suggestions.map((s) => s.alpha) });
    if (!excluded.ok) throw new Error(excluded.message);
    for (const s of excluded.refinement.suggestions) expect(suggestions.map((x) => x.alpha)).not.toContain(s.alpha);
  });
  it('turns refused options into a message', () => {
    expect(computeSuggestions(points, { k: 1, count: 0, range: [0, 1], exclude: [] })).toEqual({
      ok: false,
      message: expect.stringContaining('count must be'),
    });
  });
});

describe('activeAlphas', () => {
  const job = (alpha: number | null, state: string) => ({ alpha, state }) as JobSummary;
  it('lists the alphas of queued and running jobs once each', () => {
    expect(
      activeAlphas([
        job(1.5, 'QUEUED'),
        job(1.5, 'RUNNING'),
        job(-0.25, 'RUNNING'),
        job(2, 'SUCCEEDED'),
        job(3, 'CANCELLED'),
        job(null, 'RUNNING'),
      ]),
    ).toEqual([-0.25, 1.5]);
  });
});
