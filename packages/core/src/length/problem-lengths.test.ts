import { describe, expect, it } from 'vitest';
import { COUNT_FIELDS, type StudyData } from '../study-data';
import { VERDICTS } from '../verdict';
import { lengthByClass, problemMeanLengths, type LengthData } from './problem-lengths';
import { lengthIndex } from './length-columns';

// One checkpoint, two problems. Problem 0: 2 AC of 100 and 140 chars (one with 30 tokens),
// 1 WA of 400 chars (50 tokens), 1 TLE of 1000 chars, 1 IE of 7 chars. Problem 1: 1 RE of 60 chars.
function data(): LengthData {
  const cells = 2;
  const counts = Object.fromEntries(
    COUNT_FIELDS.map((f) => [f, new Array<number>(cells).fill(0)]),
  ) as StudyData['counts'];
  const chars = new Array<number>(cells * VERDICTS.length).fill(0);
  const tokens = chars.slice();
  const tokenSamples = chars.slice();
  Object.assign(counts, { n: [4, 1], solved: [2, 0], wa: [1, 0], tle: [1, 0], re: [0, 1], ie: [1, 0] });
  chars[lengthIndex(0, 0)] = 240;
  chars[lengthIndex(0, 1)] = 400;
  chars[lengthIndex(0, 2)] = 1000;
  chars[lengthIndex(0, 7)] = 7;
  chars[lengthIndex(1, 4)] = 60;
  tokens[lengthIndex(0, 0)] = 30;
  tokenSamples[lengthIndex(0, 0)] = 1;
  tokens[lengthIndex(0, 1)] = 50;
  tokenSamples[lengthIndex(0, 1)] = 1;
  const problems = [0, 1].map((id) => ({ id, externalId: `p${id}`, title: '', difficulty: 'hard' }));
  return { problems, counts, lengths: { chars, tokens, tokenSamples } };
}

describe('problemMeanLengths', () => {
  it('averages each problem over its judged samples, IE left out, and tokens over the samples that have them', () => {
    expect(Array.from(problemMeanLengths(data(), 0, 'chars'))).toEqual([1640 / 4, 60]);
    expect(Array.from(problemMeanLengths(data(), 0, 'tokens'))).toEqual([40, Number.NaN]);
    expect(Array.from(problemMeanLengths(data(), 0, 'chars', (p) => p === 1))).toEqual([Number.NaN, 60]);
  });
});

describe('lengthByClass', () => {
  it('pools samples per failure class and follows the study mapping', () => {
    const by = lengthByClass(data(), 0, 'chars');
    expect(by.SOLVED).toEqual({ samples: 2, mean: 120 });
    expect(by.CORRECTNESS).toEqual({ samples: 2, mean: 230 });
    expect(by.OPTIMIZATION).toEqual({ samples: 1, mean: 1000 });
    expect(by.INTERNAL).toEqual({ samples: 1, mean: 7 });
    const remapped = lengthByClass(data(), 0, 'chars', { RE: 'OPTIMIZATION' });
    expect(remapped.OPTIMIZATION).toEqual({ samples: 2, mean: 530 });
    expect(lengthByClass(data(), 0, 'tokens').CORRECTNESS).toEqual({ samples: 1, mean: 50 });
  });
});
