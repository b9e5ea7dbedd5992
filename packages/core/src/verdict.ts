/**
 * Verdict of one test run or one sample (see DESIGN.md, "Verdicts of one test run").
 *
 * The order of `VERDICTS` is the numeric code stored in the database (`smallint[]` per-test
 * arrays) and mirrors the Prisma enum. Never reorder it: append new verdicts at the end.
 */
export const VERDICTS = ['AC', 'WA', 'TLE', 'MLE', 'RE', 'CE', 'OLE', 'IE'] as const;

export type Verdict = (typeof VERDICTS)[number];

const CODES: Readonly<Record<Verdict, number>> = Object.freeze(
  Object.fromEntries(VERDICTS.map((v, i) => [v, i])) as Record<Verdict, number>,
);

/** Stable numeric code of a verdict: AC=0, WA=1, TLE=2, MLE=3, RE=4, CE=5, OLE=6, IE=7. */
export function verdictCode(verdict: Verdict): number {
  const code = CODES[verdict];
  if (code === undefined) throw new RangeError(`unknown verdict: ${String(verdict)}`);
  return code;
}

/** Inverse of `verdictCode`; throws a RangeError for a code that names no verdict. */
export function verdictFromCode(code: number): Verdict {
  const verdict = Number.isInteger(code) ? VERDICTS[code] : undefined;
  if (verdict === undefined) throw new RangeError(`unknown verdict code: ${code}`);
  return verdict;
}
