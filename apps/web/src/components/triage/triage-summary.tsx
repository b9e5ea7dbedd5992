import { describeSolvedRule, plural, TRIAGE_BOOTSTRAP, type StudyDataCheckpoint } from '@frontier/core';
import type { Triage } from '@/lib/triage/triage';
import { formatCount, formatP, formatPoints, formatRate } from '@/lib/format';

/** The comparison's numbers: problems whose rates differ, the difference in mean solve rate, McNemar under the solved rule. */
export function TriageSummary({ triage, a, b }: { triage: Triage; a: StudyDataCheckpoint; b: StudyDataCheckpoint }) {
  const { mcnemar, difference: d } = triage;
  const rule = describeSolvedRule(triage.rule);
  const higherA = triage.queue.filter((r) => r.significant && r.diff.estimate > 0).length;
  return (
    <div
      className="triage-summary"
      data-testid="triage-summary"
      data-problems={triage.problems}
      data-excluded={triage.excluded}
    >
      <div className="triage-stats">
        <div className="stat" data-testid="triage-significant" data-value={triage.significant}>
          <b>
            {formatCount(triage.significant)} of {formatCount(triage.problems)}
          </b>
          <span>
            problems differ at q &lt; {triage.threshold} ({higherA} higher on A, {triage.significant - higherA} higher
            on B)
          </span>
        </div>
        <div className="stat" data-testid="triage-diff" data-value={d.estimate} data-lo={d.lo} data-hi={d.hi}>
          <b>{formatPoints(d.estimate)}</b>
          <span>
            solve rate A − B ({formatRate(triage.rateA)} − {formatRate(triage.rateB)}), 95% CI [{formatPoints(d.lo)},{' '}
            {formatPoints(d.hi)}]
          </span>
        </div>
        <div className="stat" data-testid="triage-only-a" data-value={mcnemar.b}>
          <b>
            {formatCount(mcnemar.b)} / {formatCount(mcnemar.c)}
          </b>
          <span>solved by A only / by B only ({rule})</span>
        </div>
        <div className="stat" data-testid="triage-p" data-value={mcnemar.p} data-only-b={mcnemar.c}>
          <b>{formatP(mcnemar.p)}</b>
          <span>exact McNemar p on those problems</span>
        </div>
      </div>
      <p className="muted" data-testid="triage-coverage">
        Over the {plural(triage.problems, 'problem')} with judged samples from both checkpoints
        {triage.excluded > 0 && ` (${plural(triage.excluded, 'problem')} left out: no judged sample on one side)`}
        {triage.undecided > 0 &&
          `; ${plural(triage.undecided, 'problem')} too few samples for ${rule} on some side, left out of McNemar`}
        . Under <span className="definition-rule">{rule}</span>, A ({a.name}) solves {formatCount(triage.solvedByA)} and
        B ({b.name}) solves {formatCount(triage.solvedByB)}. Solve rates (mean c/n): A{' '}
        <span data-testid="triage-rate-a" data-value={triage.rateA}>
          {formatRate(triage.rateA)}
        </span>
        , B{' '}
        <span data-testid="triage-rate-b" data-value={triage.rateB}>
          {formatRate(triage.rateB)}
        </span>
        .
      </p>
      <details className="definition" data-testid="triage-definition">
        <summary>
          <strong>Definitions.</strong> Per problem: Fisher&apos;s exact test of c<sub>A</sub>/n<sub>A</sub> against c
          <sub>B</sub>/n<sub>B</sub>; q: Benjamini–Hochberg over the {formatCount(triage.problems)} problems compared.
        </summary>
        <p>
          <em>Per problem</em>, A&apos;s c<sub>A</sub> solved samples of n<sub>A</sub> are compared with B&apos;s c
          <sub>B</sub> of n<sub>B</sub> by Fisher&apos;s exact test (two-sided, conditional on the margins, so unequal n
          needs nothing special). The difference c<sub>A</sub>/n
          <sub>A</sub> − c<sub>B</sub>/n<sub>B</sub> carries Newcombe&apos;s 95% hybrid score interval. <em>q</em> is
          the Benjamini–Hochberg q-value over every problem compared here: calling every problem with q &lt;{' '}
          {triage.threshold} a difference keeps the expected share of false calls among them at {triage.threshold * 100}
          %; a per-problem p &lt; 0.05 would call about one problem in twenty by chance. The queue is ranked by q, then
          by |difference|.
        </p>
        <p>
          <em>Solved</em> means {rule} (chosen above; c &gt; 0 saturates as samples grow: with 250 samples nearly every
          problem is solved by both sides). McNemar&apos;s exact test compares the problems solved by exactly one side
          against Binomial(b + c, ½), two-sided. The interval of the solve-rate difference is a paired bootstrap over
          problems ({TRIAGE_BOOTSTRAP.replicates} resamples of the problem set, both checkpoints on the same resample,
          percentile {TRIAGE_BOOTSTRAP.level * 100}%, seed {TRIAGE_BOOTSTRAP.seed}).
        </p>
      </details>
    </div>
  );
}
