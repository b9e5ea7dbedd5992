import { tempDir, writeLcbFile, type FixtureProblem } from './lcb-fixture';

// LiveCodeBench files with known release dates, for the release-window tests, and what a window
// over them holds, counted by hand. LCB codes: 0 passed, -2 WA, -3 TLE.
//
//   problem  contest_date (UTC day)   alpha 0          alpha 1
//   d1       2024-01-10               4/4              2/4 (2 TLE)
//   d2       2024-02-20 (from)        1/4 (3 WA)       3/4 (1 WA)
//   d3       2024-03-31T23:00 -> 31   2/4 (1 TLE 1 WA) 4/4
//   d4       2024-04-01 (to)          0/4 (4 WA)       1/4 (3 TLE)
//   d5       2024-05-15               3/4 (1 WA)       0/4 (4 WA)
//   d6       none                     4/4              4/4
//
// The window 2024-02-20..2024-04-01 holds d2, d3, d4 (3 problems, bounds inclusive); d6 is
// left out as undated. At alpha 0 its pass@1 is (1/4 + 2/4 + 0/4) / 3 = 0.25, its
// correctness-failure rate (3/4 + 1/4 + 4/4) / 3 = 2/3, its optimization-failure rate
// (0 + 1/4 + 0) / 3 = 1/12; at alpha 1 pass@1 is (3/4 + 4/4 + 1/4) / 3 = 2/3.

export const WINDOW = { from: '2024-02-20', to: '2024-04-01' };
export const IN_WINDOW = ['d2', 'd3', 'd4'];
export const UNDATED = 1;
export const ALPHA0_IN_WINDOW = { solveRate: 0.25, correctnessRate: 2 / 3, optimizationRate: 1 / 12 };
export const ALPHA1_SOLVE_RATE_IN_WINDOW = 2 / 3;

const ALPHA0: FixtureProblem[] = [
  { id: 'd1', difficulty: 'easy', contestDate: '2024-01-10T00:00:00', codes: [0, 0, 0, 0] },
  { id: 'd2', difficulty: 'medium', contestDate: '2024-02-20T00:00:00', codes: [0, -2, -2, -2] },
  { id: 'd3', difficulty: 'hard', contestDate: '2024-03-31T23:00:00', codes: [0, 0, -3, -2] },
  { id: 'd4', difficulty: 'hard', contestDate: '2024-04-01T00:00:00', codes: [-2, -2, -2, -2] },
  { id: 'd5', difficulty: 'easy', contestDate: '2024-05-15T00:00:00', codes: [0, 0, 0, -2] },
  { id: 'd6', difficulty: 'medium', contestDate: null, codes: [0, 0, 0, 0] },
];

const ALPHA1_CODES: Record<string, number[]> = {
  d1: [0, 0, -3, -3],
  d2: [0, 0, 0, -2],
  d3: [0, 0, 0, 0],
  d4: [0, -3, -3, -3],
  d5: [-2, -2, -2, -2],
  d6: [0, 0, 0, 0],
};

/** The two LCB files (alpha 0, alpha 1) in a new temporary directory. */
export function writeDatedLcbFiles(): { alpha0: string; alpha1: string } {
  const dir = tempDir();
  return {
    alpha0: writeLcbFile(dir, 'alpha0_eval_all.json', ALPHA0),
    alpha1: writeLcbFile(
      dir,
      'alpha1_eval_all.json',
      ALPHA0.map((p) => ({ ...p, codes: ALPHA1_CODES[p.id]! })),
    ),
  };
}
