'use client';

import { plural } from '@frontier/core';
import Link from 'next/link';
import { useState } from 'react';
import { downloadBlob } from '@/components/export-buttons';
import { safeFilename, toCsv } from '@/lib/csv';
import { formatRate } from '@/lib/format';
import type { StudyDataCheckpoint } from '@frontier/core';
import type { SideEvidence, TriageRow } from '@/lib/triage';
import { triageCsv } from '@/lib/triage-csv';

const PAGE = 100;

function Evidence({ e, side }: { e: SideEvidence; side: 'a' | 'b' }) {
  return (
    <>
      <td data-testid={`${side}-cn`} data-c={e.c} data-n={e.n}>
        {e.c}/{e.n} <span className="muted">({formatRate(e.rate)})</span>
      </td>
      <td data-testid={`${side}-verdict`} data-value={e.dominant?.verdict ?? ''}>
        {e.dominant ? `${e.dominant.verdict} ×${e.dominant.count}` : '—'}
      </td>
      <td data-testid={`${side}-tier`} data-value={e.firstFailTier?.tier ?? ''} title={e.firstFailTier ? `${e.firstFailTier.count} of ${e.firstFailTier.failing} failing samples first failed at tier ${e.firstFailTier.tier}` : 'no failing samples with tier data'}>
        {e.firstFailTier ? `tier ${e.firstFailTier.tier}` : '—'}
      </td>
    </>
  );
}

interface Props {
  studyId: number;
  rows: readonly TriageRow[];
  a: StudyDataCheckpoint;
  b: StudyDataCheckpoint;
  /** Filters' query string, kept on the drill-down links. */
  filterSearch: string;
  tiersLoaded: boolean;
}

/** Discordant problems, largest gap in solve rate first, with each side's evidence. */
export function TriageQueue({ studyId, rows, a, b, filterSearch, tiersLoaded }: Props) {
  const [shown, setShown] = useState(PAGE);
  const download = () =>
    downloadBlob(new Blob([toCsv(triageCsv(rows, a, b))], { type: 'text/csv;charset=utf-8' }), `${safeFilename(`study-${studyId}-triage-${a.name}-vs-${b.name}`)}.csv`);
  return (
    <>
      <div className="triage-queue-head">
        <p className="muted">
          {plural(rows.length, 'discordant problem')}, ranked by |c<sub>A</sub>/n<sub>A</sub> − c<sub>B</sub>/n<sub>B</sub>|,
          then by problem id. Dominant verdict: the most frequent failure verdict among the side&apos;s samples. First failing tier: the
          test tier most of its failing samples first failed at{tiersLoaded ? '' : ' (loading…)'}.
        </p>
        <div className="export-buttons">
          <span className="muted">Download</span>
          <button type="button" data-testid="triage-csv" onClick={download} disabled={rows.length === 0} title="The whole queue as CSV">
            CSV
          </button>
        </div>
      </div>
      <div className="table-scroll">
        <table className="numbers triage-queue" data-testid="triage-queue" data-rows={rows.length}>
          <thead>
            <tr>
              <th>#</th>
              <th>Problem</th>
              <th>Solved by</th>
              <th>Gap</th>
              <th>A c/n</th>
              <th>A dominant</th>
              <th>A first failing</th>
              <th>B c/n</th>
              <th>B dominant</th>
              <th>B first failing</th>
            </tr>
          </thead>
          <tbody>
            {rows.slice(0, shown).map((r, i) => (
              <tr key={r.problemId} data-testid="triage-row" data-problem-id={r.problemId} data-gap={r.gap} data-solved-by={r.solvedBy}>
                <td>{i + 1}</td>
                <td className="problem-cell">
                  <Link href={`/studies/${studyId}/problems/${r.problemId}${filterSearch}`} data-testid="triage-problem-link">
                    {r.externalId}
                  </Link>{' '}
                  <span className="muted">{r.title}</span>
                </td>
                <td className={`solved-by solved-by-${r.solvedBy}`}>{r.solvedBy === 'A' ? `A only` : `B only`}</td>
                <td data-testid="gap" data-value={r.gap}>{formatRate(r.gap)}</td>
                <Evidence e={r.a} side="a" />
                <Evidence e={r.b} side="b" />
              </tr>
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
