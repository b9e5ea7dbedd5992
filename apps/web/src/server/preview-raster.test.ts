import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { parabolaStudy } from '../lib/frontier/suggest-fixture';
import { previewSvg } from '../lib/preview/preview-svg';
import { sharePreview } from '../lib/share/share-preview';
import { rasterise } from './preview-raster';

const data = parabolaStudy([0, 0.25, 0.5, 0.75, 1], { problems: 40 });
const payload = { facets: { difficulties: ['hard'], settings: [], scales: ['7B'] }, datasets: { '': data } };

describe('rasterise', () => {
  it("renders each view's card as a 1200 x 630 PNG with the bundled font (text draws: not blank)", async () => {
    for (const view of ['/studies/1?alpha=0.5', '/studies/1/matrix', '/studies/1/triage', '/studies/1/ensembles']) {
      const card = sharePreview({
        studyId: 1,
        studyName: 'Demo',
        view,
        createdAt: '2026-12-01T00:00:00Z',
        payload,
      }).card;
      const png = rasterise(previewSvg(card));
      const meta = await sharp(png).metadata();
      expect([meta.format, meta.width, meta.height], view).toEqual(['png', 1200, 630]);
      const stats = await sharp(png).stats();
      // Not one flat colour: the picture and the text are drawn.
      expect(Math.max(...stats.channels.map((c) => c.stdev)), view).toBeGreaterThan(20);
    }
  });

  it('draws text: a card with a title only differs from the same card without it', async () => {
    const base = { subtitle: '', stats: [], footer: '', picture: null };
    const withText = await sharp(rasterise(previewSvg({ ...base, title: 'Frontier Explorer' })))
      .raw()
      .toBuffer();
    const without = await sharp(rasterise(previewSvg({ ...base, title: '' })))
      .raw()
      .toBuffer();
    expect(withText.equals(without)).toBe(false);
  });
});
