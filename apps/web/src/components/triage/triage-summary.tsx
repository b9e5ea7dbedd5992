import { plural } from '@frontier/core';
import type { StudyDataCheckpoint } from '@frontier/core';
import type { Triage } from '@/lib/triage';
import { TRIAGE_BOOTSTRAP } from '@/lib/triage';
import { formatCount, formatRate } from '@/lib/format';

export function formatP(p: number): string {
  if (p >= 0.001) return p.toFixed(3);
  return p === 0 ? '< 1e-300' : p.toExponential(1);
}

function signedPoints(x: number): string {
  return `${x >= 0 ? '+' : '−'}${(Math.abs(x) * 100).toFixed(1)} pts`;
}

/** The comparison's numbers: discordant counts, exact McNemar, paired bootstrap interval of the difference. */
export function TriageSummary({ triage, a, b }: { triage: Triage; a: StudyDataCheckpoint; b: StudyDataCheckpoint }) {
  const { mcnemar, difference: d } = triage;
  return (
    <div className="triage-summary" data-testid="triage-summary" data-problems={triage.problems} data-excluded={triage.excluded}>
      <div className="triage-stats">
        <div className="stat" data-testid="triage-only-a" data-value={mcnemar.b}>
          <b>{formatCount(mcnemar.b)}</b>
          <span>solved by A ({a.name}) only</span>
        </div>
        <div className="stat" data-testid="triage-only-b" data-value={mcnemar.c}>
          <b>{formatCount(mcnemar.c)}</b>
          <span>solved by B ({b.name}) only</span>
        </div>
        <div className="stat" data-testid="triage-p" data-value={mcnemar.p}>
          <b>{formatP(mcnemar.p)}</b>
          <span>exact McNemar p (two-sided)</span>
        </div>
        <div className="stat" data-testid="triage-diff" data-value={d.estimate} data-lo={d.lo} data-hi={d.hi}>
          <b>{signedPoints(d.estimate)}</b>
          <span>
            solve rate A − B, 95% CI [{signedPoints(d.lo)}, {signedPoints(d.hi)}]
          </span>
        </div>
      </div>
      <p className="muted">
        Over the {plural(triage.problems, 'problem')} with judged samples from both checkpoints
        {triage.excluded > 0 && ` (${formatCount(triage.excluded)} left out: no judged sample on one side)`}. A solves{' '}
        {formatCount(triage.solvedByA)}, B solves {formatCount(triage.solvedByB)}. Solve rates (mean pass@1, c/n): A{' '}
        <span data-testid="triage-rate-a" data-value={triage.rateA}>{formatRate(triage.rateA)}</span>, B{' '}
        <span data-testid="triage-rate-b" data-value={triage.rateB}>{formatRate(triage.rateB)}</span>.
      </p>
      <p className="muted definition" data-testid="triage-definition">
        <strong>Definitions.</strong> A checkpoint <em>solved</em> a problem when at least one of its judged samples passed every
        test (c &gt; 0). The McNemar test is exact: the {formatCount(mcnemar.b + mcnemar.c)} discordant problems against
        Binomial(b + c, ½), two-sided. The interval is a paired bootstrap over problems ({TRIAGE_BOOTSTRAP.replicates} resamples
        of the problem set, both checkpoints on the same resample, percentile {TRIAGE_BOOTSTRAP.level * 100}%, seed{' '}
        {TRIAGE_BOOTSTRAP.seed}) of the difference in mean c/n.
      </p>
    </div>
  );
}
