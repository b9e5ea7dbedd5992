'use client';

import { plural } from '@frontier/core';
import Link from 'next/link';
import { Fragment, useState } from 'react';
import { downloadBlob } from '@/components/export-buttons';
import { safeFilename, toCsv } from '@/lib/csv';
import { formatCount, formatP, formatPoints, formatRate } from '@/lib/format';
import type { SolvedRule, StudyDataCheckpoint } from '@frontier/core';
import type { SideEvidence, TriageRow } from '@/lib/triage/triage';
import { triageCsv } from '@/lib/triage/triage-csv';

const PAGE = 100;

function Rate({ e, side }: { e: SideEvidence; side: 'a' | 'b' }) {
  return (
    <td data-testid={`${side}-cn`} data-c={e.c} data-n={e.n}>
      {e.c}/{e.n} <span className="muted">({formatRate(e.rate)})</span>
    </td>
  );
}

function Why({ e, side, tiersLoaded }: { e: SideEvidence; side: 'a' | 'b'; tiersLoaded: boolean }) {
  const tier = e.firstFailTier;
  return (
    <td
      data-testid={`${side}-why`}
      data-verdict={e.dominant?.verdict ?? ''}
      data-tier={tier?.tier ?? ''}
      title={
        tier
          ? `${tier.count} of ${tier.failing} failing samples first failed at tier ${tier.tier}`
          : tiersLoaded
            ? 'no failing samples with tier data'
            : 'loading tiers'
      }
    >
      {e.dominant ? `${e.dominant.verdict} ×${e.dominant.count}` : '—'}
      {tier && <span className="muted"> · tier {tier.tier}</span>}
    </td>
  );
}

interface Props {
  studyId: number;
  rows: readonly TriageRow[];
  a: StudyDataCheckpoint;
  b: StudyDataCheckpoint;
  threshold: number;
  rule: SolvedRule;
  /** Filters' query string, kept on the drill-down links. */
  filterSearch: string;
  tiersLoaded: boolean;
}

/** Every compared problem, most significant first, with both rates, the difference and why each side fails. */
export function TriageQueue({ studyId, rows, a, b, threshold, rule, filterSearch, tiersLoaded }: Props) {
  const [shown, setShown] = useState(PAGE);
  const significant = rows.filter((r) => r.significant).length;
  const download = () =>
    downloadBlob(
      new Blob([toCsv(triageCsv(rows, a, b, rule))], { type: 'text/csv;charset=utf-8' }),
      `${safeFilename(`study-${studyId}-triage-${a.name}-vs-${b.name}`)}.csv`,
    );
  return (
    <>
      <div className="triage-queue-head">
        <p className="muted">
          {plural(rows.length, 'problem')}, ranked by q, then by |difference|; {formatCount(significant)} with q &lt;{' '}
          {threshold}. Why: each side&apos;s most frequent failure verdict, and the test tier most of its failing
          samples first failed at{tiersLoaded ? '' : ' (loading…)'}.
        </p>
        <div className="export-buttons">
          <span className="muted">Download</span>
          <button
            type="button"
            data-testid="triage-csv"
            onClick={download}
            disabled={rows.length === 0}
            title="Every compared problem as CSV, with p, q and the solved rule"
          >
            CSV
          </button>
        </div>
      </div>
      <div className="table-scroll">
        <table
          className="numbers triage-queue"
          data-testid="triage-queue"
          data-rows={rows.length}
          data-significant={significant}
        >
          <thead>
            <tr>
              <th>#</th>
              <th>Problem</th>
              <th>A c/n</th>
              <th>B c/n</th>
              <th title="c_A/n_A − c_B/n_B with Newcombe's 95% interval">A − B [95% CI]</th>
              <th title="Fisher's exact test, two-sided">p</th>
              <th title="Benjamini–Hochberg q-value over the problems compared">q</th>
              <th>A fails by</th>
              <th>B fails by</th>
            </tr>
          </thead>
          <tbody>
            {rows.slice(0, shown).map((r, i) => (
              <Fragment key={r.problemId}>
                {i === significant && i > 0 && (
                  <tr className="threshold-row" data-testid="triage-threshold-row">
                    <td colSpan={9}>Below: q ≥ {threshold}, not called different</td>
                  </tr>
                )}
                <tr
                  data-testid="triage-row"
                  data-problem-id={r.problemId}
                  data-external-id={r.externalId}
                  data-q={r.q}
                  data-p={r.p}
                  data-diff={r.diff.estimate}
                  data-significant={r.significant ? '1' : '0'}
                  className={r.significant ? 'significant' : 'not-significant'}
                >
                  <td>{i + 1}</td>
                  <td className="problem-cell" title={`${r.externalId} ${r.title}`}>
                    <Link
                      href={`/studies/${studyId}/problems/${r.problemId}${filterSearch}`}
                      data-testid="triage-problem-link"
                    >
                      {r.externalId}
                    </Link>{' '}
                    <span className="muted">{r.title}</span>
                  </td>
                  <Rate e={r.a} side="a" />
                  <Rate e={r.b} side="b" />
                  <td
                    data-testid="diff"
                    className={r.significant ? (r.diff.estimate > 0 ? 'diff-up' : 'diff-down') : undefined}
                  >
                    {formatPoints(r.diff.estimate)}{' '}
                    <span className="muted">
                      [{formatPoints(r.diff.lo)}, {formatPoints(r.diff.hi)}]
                    </span>
                  </td>
                  <td data-testid="p">{formatP(r.p)}</td>
                  <td data-testid="q">
                    <b>{formatP(r.q)}</b>
                  </td>
                  <Why e={r.a} side="a" tiersLoaded={tiersLoaded} />
                  <Why e={r.b} side="b" tiersLoaded={tiersLoaded} />
                </tr>
              </Fragment>
            ))}
          </tbody>
        </table>
      </div>
      {rows.length > shown && (
        <button type="button" data-testid="triage-more" onClick={() => setShown(rows.length)}>
          Show all {plural(rows.length, 'problem')}
        </button>
      )}
    </>
  );
}
