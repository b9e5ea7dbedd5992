import { describe, expect, it } from 'vitest';
import { COUNT_FIELDS, lengthIndex, VERDICTS, type StudyData } from '@frontier/core';
import { buildSeries } from './frontier-model';
import { lengthCsv } from './length-csv';
import { lengthFigure } from './length-figure';
import { buildLengthSeries, meanLengthBySeries } from './length-model';

// Two checkpoints x two problems. lo: p0 two AC of 100 and 300 chars, p1 one WA of 50 (40 tokens);
// hi: p0 one TLE of 1000, p1 one AC of 20.
function data(withLengths = true): StudyData {
  const counts = Object.fromEntries(COUNT_FIELDS.map((f) => [f, [0, 0, 0, 0]])) as StudyData['counts'];
  Object.assign(counts, { n: [2, 1, 1, 1], solved: [2, 0, 0, 1], wa: [0, 1, 0, 0], tle: [0, 0, 1, 0] });
  const size = 4 * VERDICTS.length;
  const lengths = { chars: Array(size).fill(0), tokens: Array(size).fill(0), tokenSamples: Array(size).fill(0) };
  lengths.chars[lengthIndex(0, 0)] = 400;
  lengths.chars[lengthIndex(1, 1)] = 50;
  lengths.tokens[lengthIndex(1, 1)] = 40;
  lengths.tokenSamples[lengthIndex(1, 1)] = 1;
  lengths.chars[lengthIndex(2, 2)] = 1000;
  lengths.chars[lengthIndex(3, 0)] = 20;
  return {
    studyId: 1,
    dataVersion: 1,
    filters: {},
    checkpoints: [
      { id: 10, name: 'lo', role: 'LOW', alpha: 0, scale: '' },
      { id: 11, name: 'hi', role: 'HIGH', alpha: 1, scale: '' },
    ],
    problems: [0, 1].map((i) => ({ id: i, externalId: `p${i}`, title: '', difficulty: 'hard' })),
    counts,
    ...(withLengths && { lengths }),
  };
}

describe('buildLengthSeries', () => {
  const inputs = [{ setting: null, data: data() }];
  const series = buildSeries(inputs, { replicates: 50 });

  it("gives each checkpoint the mean and median over problems of the problems' mean lengths, and per-class means", () => {
    const [s] = buildLengthSeries(inputs, series, 'chars', { replicates: 200 });
    const [lo, hi] = s!.points;
    expect(lo!.mean.estimate).toBe((200 + 50) / 2);
    expect(lo!.median.estimate).toBe((200 + 50) / 2);
    expect(hi!.mean.estimate).toBe((1000 + 20) / 2);
    expect(lo!.byClass.SOLVED).toEqual({ samples: 2, mean: 200 });
    expect(hi!.byClass.OPTIMIZATION).toEqual({ samples: 1, mean: 1000 });
    expect(meanLengthBySeries([s!]).get(s!.key)).toEqual(
      new Map([
        [10, 125],
        [11, 510],
      ]),
    );
    const csv = lengthCsv([s!], 'chars');
    expect(csv.rows[0]!.slice(0, 5)).toEqual(['model', 'lo', 0, 'chars', 125]);
  });

  it('leaves out checkpoints without a length in the unit, and data pinned before lengths', () => {
    const [tokens] = buildLengthSeries(inputs, series, 'tokens', { replicates: 50 });
    expect(tokens!.points.map((p) => [p.name, p.mean.estimate])).toEqual([['lo', 40]]);
    const old = [{ setting: null, data: data(false) }];
    expect(buildLengthSeries(old, buildSeries(old, { replicates: 50 }), 'chars')[0]!.points).toEqual([]);
  });

  it('draws a mean and a median line per series, the alpha marker first among the shapes', () => {
    const lengths = buildLengthSeries(inputs, series, 'chars', { replicates: 50 });
    const fig = lengthFigure(series, lengths, 'chars', 1);
    expect(fig.data.map((t) => t.name)).toEqual(['mean', 'median']);
    expect(fig.plotted).toBe(2);
    expect(fig.layout.shapes?.[0]).toMatchObject({ x0: 1, visible: true });
  });
});
