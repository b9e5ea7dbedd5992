import { cellIndex, type StudyData } from '@frontier/core';
import { describe, expect, it } from 'vitest';
import { parabolaStudy } from '../frontier/suggest-fixture';
import { sharePreview } from './share-preview';
import { datasetKey, type SharePayload } from './share';

const ALPHAS = [0, 0.25, 0.5, 0.75, 1];
const data = parabolaStudy(ALPHAS, { problems: 12, samples: 20 });
const payload: SharePayload = {
  facets: { difficulties: ['hard'], settings: [], scales: ['7B'] },
  datasets: { '': data },
};
const input = (view: string) => ({
  studyId: 1,
  studyName: 'Sweep <A>',
  view,
  createdAt: '2026-12-01T10:00:00.000Z',
  payload,
});

/** A checkpoint's mean over problems of count / n, computed here from the raw counts. */
function meanShare(d: StudyData, alpha: number, field: 'solved' | 'wa' | 'tle'): number {
  const c = d.checkpoints.findIndex((x) => x.alpha === alpha);
  let sum = 0;
  d.problems.forEach((_, p) => (sum += d.counts[field][cellIndex(d, c, p)]! / d.counts.n[cellIndex(d, c, p)]!));
  return sum / d.problems.length;
}
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

describe('sharePreview', () => {
  it('a Frontier link: the pinned alpha (nearest evaluated) with its solve rate and both failure rates', () => {
    const p = sharePreview(input('/studies/1?alpha=0.52'));
    expect(p.title).toBe('Sweep <A>: Frontier');
    expect(p.viewName).toBe('Frontier');
    expect(p.description).toBe(
      `Frontier: α = 0.5 has solve rate ${pct(meanShare(data, 0.5, 'solved'))}, correctness failures ${pct(meanShare(data, 0.5, 'wa'))} and optimization failures ${pct(meanShare(data, 0.5, 'tle'))}; 5 checkpoints on the frontier, 12 problems.`,
    );
    expect(p.card.stats.map((s) => s.value)).toEqual([
      '0.5',
      pct(meanShare(data, 0.5, 'solved')),
      pct(meanShare(data, 0.5, 'wa')),
      pct(meanShare(data, 0.5, 'tle')),
    ]);
    expect(p.card.picture).toMatchObject({ kind: 'frontier', selectedAlpha: 0.5 });
    if (p.card.picture?.kind === 'frontier')
      expect(p.card.picture.series[0]!.points.map((q) => q.alpha)).toEqual(ALPHAS);
  });

  it('without ?alpha= the Frontier shows alpha 1, as the page does', () => {
    expect(sharePreview(input('/studies/1')).description).toContain('α = 1 has');
  });

  it('a matrix link: its size and the range of solve rates, with a heat map of every checkpoint', () => {
    const p = sharePreview(input('/studies/1/matrix'));
    expect(p.title).toBe('Sweep <A>: Solve matrix');
    const rates = ALPHAS.map((a) => meanShare(data, a, 'solved'));
    const lo = Math.min(...rates);
    const hi = Math.max(...rates);
    expect(p.description).toContain(`12 problems × 5 checkpoints; solve rate from ${pct(lo)}`);
    expect(p.description).toContain(`to ${pct(hi)}`);
    expect(p.card.picture).toMatchObject({ kind: 'heatmap', rows: 5, cols: 12 });
  });

  it('a triage link: the pair and their solve rates; the bars are per-problem differences', () => {
    const p = sharePreview(input('/studies/1/triage'));
    expect(p.title).toBe('Sweep <A>: Triage');
    expect(p.description).toMatch(/ against .* on 12 problems both have judged: solve rate \d+\.\d% against \d+\.\d%/);
    expect(p.card.picture?.kind).toBe('bars');
    if (p.card.picture?.kind === 'bars') {
      expect(p.card.picture.bars.length).toBe(8);
      const sizes = p.card.picture.bars.map((b) => Math.abs(b.value));
      expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
    }
  });

  it('an ensembles link: the members, the budget, the ensemble pass@B against the best single, as curves', () => {
    const p = sharePreview(input('/studies/1/ensembles'));
    // The default ensemble is the two trained endpoints, as the tab picks it.
    expect(p.description).toMatch(
      /^Ensembles: 7B α=0 \+ 7B α=1 at a budget of \d+ samples \(uniform allocation\): pass@\d+ \d+\.\d% against \d+\.\d% for the best single checkpoint \(7B α=[\d.]+\) over 12 problems\.$/,
    );
    expect(p.card.stats.map((s) => s.label)).toEqual(expect.arrayContaining(['Budget B', 'Gain']));
    expect(p.card.picture?.kind).toBe('curves');
    if (p.card.picture?.kind === 'curves') {
      const ensemble = p.card.picture.lines.at(-1)!;
      // pass@k never falls as k grows.
      const ys = ensemble.points.map((q) => q.y);
      expect(ys).toEqual([...ys].sort((a, b) => a - b));
      expect(p.card.picture.key[0]!.label).toBe('the ensemble');
    }
  });

  it('a filtered view says so in the title card and the description', () => {
    const filtered = { ...data, filters: { difficulty: 'hard' } };
    const p = sharePreview({
      ...input('/studies/1?difficulty=hard'),
      payload: { ...payload, datasets: { [datasetKey({ difficulty: 'hard' })]: filtered } },
    });
    expect(p.card.subtitle).toBe('Frontier (difficulty hard)');
    expect(p.description.startsWith('Frontier (difficulty hard): α = 1 has')).toBe(true);
  });
});
