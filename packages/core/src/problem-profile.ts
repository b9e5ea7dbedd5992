/**
 * How one problem fares along alpha. Input: its c/n per checkpoint in alpha order, NaN where the
 * checkpoint has no judged sample (n = 0); such checkpoints are skipped by every measure.
 * "Solved" at a checkpoint means solved at least once (c > 0).
 */
export interface ProblemProfile {
  /**
   * Alpha of the first unsolved-to-solved transition: the first checkpoint with c > 0 whose
   * previous measured checkpoint has c = 0. Null when there is none (never solved, or solved
   * from the first measured checkpoint on without ever being lost and regained).
   */
  readonly flipAlpha: number | null;
  /** max - min of c/n over measured checkpoints; 0 with fewer than two. */
  readonly spread: number;
  /** Some checkpoint solved it at least once and some never did. */
  readonly differs: boolean;
  /** Solved, then lost, then solved again along alpha. */
  readonly unstable: boolean;
  /** One character per checkpoint: '1' solved, '0' unsolved, '-' not measured. */
  readonly pattern: string;
}

export function problemProfile(rates: ArrayLike<number>, alphas: ArrayLike<number>): ProblemProfile {
  if (rates.length !== alphas.length) throw new RangeError('one rate per alpha');
  let flipAlpha: number | null = null;
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  let previous: boolean | null = null;
  let everSolved = false;
  let everUnsolved = false;
  let lostAfterSolved = false;
  let unstable = false;
  let pattern = '';
  for (let i = 0; i < rates.length; i++) {
    const rate = rates[i] as number;
    if (Number.isNaN(rate)) {
      pattern += '-';
      continue;
    }
    const solved = rate > 0;
    pattern += solved ? '1' : '0';
    min = Math.min(min, rate);
    max = Math.max(max, rate);
    if (solved && previous === false && flipAlpha === null) flipAlpha = alphas[i] as number;
    if (solved && lostAfterSolved) unstable = true;
    if (!solved && everSolved) lostAfterSolved = true;
    everSolved ||= solved;
    everUnsolved ||= !solved;
    previous = solved;
  }
  return { flipAlpha, spread: max > min ? max - min : 0, differs: everSolved && everUnsolved, unstable, pattern };
}
