'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useOptimistic, useTransition } from 'react';
import { ErrorState, Loading } from '@/components/status';
import { formatAlpha } from '@/lib/format';
import { CodeView } from './code-view';
import { ProblemCounts } from './problem-counts';
import { ProblemTierPlot } from './problem-tier-plot';
import { ProblemExclusion } from './problem-exclusion';
import { parseSampleKey, problemQuery, sampleQuery, samplesQuery, sampleKey } from './queries';
import { SampleDiff } from './sample-diff';
import { SampleList } from './sample-list';
import { JudgingLabel } from './judging-label';
import { SandboxLabel } from './sandbox-label';
import { Statement } from './statement';
import { TestStrip } from './test-strip';
import { verdictColor } from './verdict-colors';

interface Props {
  studyId: number;
  problemId: number;
}

/** The drill-down's URL state: checkpoint, verdict and page of the sample list, and the open sample. */
function drillState(search: URLSearchParams) {
  const int = (k: string) => (/^[1-9]\d{0,9}$/.test(search.get(k) ?? '') ? Number(search.get(k)) : null);
  return {
    search,
    setting: search.get('setting') ?? undefined,
    scale: search.get('scale') ?? undefined,
    checkpoint: int('checkpoint'),
    page: int('page') ?? 1,
    verdict: search.get('verdict'),
    sample: parseSampleKey(search.get('sample')) ? search.get('sample') : null,
  };
}

export function ProblemView({ studyId, problemId }: Props) {
  const router = useRouter();
  const pathname = usePathname();
  const [navigating, startTransition] = useTransition();
  const urlState = drillState(new URLSearchParams(useSearchParams()));
  // The URL is the source of truth; while a change to it is in flight the view shows it already.
  const [state, setOptimisticState] = useOptimistic(urlState);
  const scope = { setting: state.setting, scale: state.scale };
  const detail = useQuery(problemQuery(studyId, problemId, scope));
  // The sample shown: the one in the URL, else the first of the list as it stands.
  const list = useQuery(
    samplesQuery(studyId, problemId, {
      checkpoint: state.checkpoint ?? undefined,
      verdict: state.verdict ?? undefined,
      page: state.page,
    }),
  );
  const shownKey = state.sample ?? (list.data?.samples[0] ? sampleKey(list.data.samples[0]) : null);
  const shown = parseSampleKey(shownKey);
  const sample = useQuery({
    ...sampleQuery(studyId, problemId, shown?.runId ?? 0, shown?.idx ?? 0),
    enabled: shown !== null,
  });

  const update = (next: {
    checkpoint?: number | null;
    verdict?: string | null;
    page?: number;
    sample?: string | null;
  }) => {
    const params = new URLSearchParams(state.search);
    for (const [k, v] of Object.entries(next)) {
      if (v === null || v === undefined || (k === 'page' && v === 1)) params.delete(k);
      else params.set(k, String(v));
    }
    // A new list (checkpoint, verdict) drops the open sample unless one is being chosen.
    if (next.sample === undefined && (next.checkpoint !== undefined || next.verdict !== undefined))
      params.delete('sample');
    startTransition(() => {
      setOptimisticState(drillState(params));
      router.replace(`${pathname}${params.size ? `?${params}` : ''}`, { scroll: false });
    });
  };

  if (detail.isPending) return <Loading what="the problem" />;
  if (detail.error)
    return (
      <ErrorState
        title="Could not load this problem."
        message={detail.error.message}
        onRetry={() => void detail.refetch()}
      />
    );
  const { problem, checkpoints, exclusion } = detail.data;
  const back = new URLSearchParams();
  if (state.setting) back.set('setting', state.setting);
  if (state.scale) back.set('scale', state.scale);
  const selected = checkpoints.find((c) => c.checkpointId === state.checkpoint);
  if (selected?.alpha !== null && selected?.alpha !== undefined) back.set('alpha', String(selected.alpha));

  // The samples come first after a compact header: the statement is folded, the counts follow.
  return (
    <div className={navigating ? 'fetching' : undefined} data-testid="problem-view" data-problem-id={problem.id}>
      <section className="card pb-head">
        <div className="title-row">
          <Link
            href={`/studies/${studyId}/matrix${back.size ? `?${back}` : ''}`}
            data-testid="back-to-matrix"
            className="back-link"
          >
            ← Solve matrix
          </Link>
          <h2 data-testid="problem-title">
            <code>{problem.externalId}</code> {problem.title}
          </h2>
        </div>
        <ProblemExclusion studyId={studyId} externalId={problem.externalId} exclusion={exclusion} />
        <dl className="pb-meta" data-testid="problem-meta">
          <div>
            <dt>Difficulty</dt>
            <dd data-testid="meta-difficulty">{problem.difficulty}</dd>
          </div>
          <div>
            <dt>Platform</dt>
            <dd>{problem.platform || '—'}</dd>
          </div>
          <div>
            <dt>Contest date</dt>
            <dd>{problem.contestDate ? problem.contestDate.slice(0, 10) : '—'}</dd>
          </div>
          <div>
            <dt>Time limit</dt>
            <dd>{problem.timeLimitMs === null ? '—' : `${problem.timeLimitMs} ms`}</dd>
          </div>
          <div>
            <dt>Memory limit</dt>
            <dd>{problem.memoryLimitMb === null ? '—' : `${problem.memoryLimitMb} MB`}</dd>
          </div>
          <div>
            <dt>Hidden tests</dt>
            <dd>
              {problem.tests
                ? `${problem.tests} in ${problem.tiers} tier${problem.tiers === 1 ? '' : 's'}`
                : 'not stored'}
            </dd>
          </div>
        </dl>
        {problem.statement ? (
          <details className="pb-statement-fold" data-testid="statement-fold">
            <summary>Problem statement</summary>
            <Statement markdown={problem.statement} />
          </details>
        ) : (
          <p className="muted small">No statement stored for this problem.</p>
        )}
      </section>
      <div className="pb-grid">
        <section className="card">
          <h2>Samples{selected ? ` at α ${formatAlpha(selected.alpha)}` : ''}</h2>
          <SampleList
            studyId={studyId}
            problemId={problemId}
            checkpoints={checkpoints}
            checkpoint={state.checkpoint}
            verdict={state.verdict}
            page={state.page}
            selected={shownKey}
            onChange={update}
          />
        </section>
        <section className="card" data-testid="sample-detail" data-sample={shownKey ?? ''}>
          <h2>
            Sample{' '}
            {sample.data && (
              <>
                #{sample.data.idx}{' '}
                <span
                  className="pb-verdict"
                  data-testid="sample-verdict"
                  style={{ background: verdictColor(sample.data.verdict) }}
                >
                  {sample.data.verdict ?? 'pending'}
                </span>{' '}
                <span className="muted small">
                  {checkpoints.find((c) => c.checkpointId === sample.data.checkpointId)?.name} · {sample.data.setting} ·{' '}
                  {sample.data.language}
                </span>{' '}
                <SandboxLabel verdict={sample.data.verdict} sandbox={sample.data.sandbox} />{' '}
                {sample.data.responseChars !== null && (
                  <span className="muted small" data-testid="sample-length">
                    · {sample.data.responseChars.toLocaleString('en-US')} characters
                    {sample.data.completionTokens !== null &&
                      `, ${sample.data.completionTokens.toLocaleString('en-US')} tokens`}
                  </span>
                )}
              </>
            )}
          </h2>
          {shown === null ? (
            <p className="muted">Choose a sample on the left.</p>
          ) : sample.error ? (
            <ErrorState title="Could not load this sample." message={sample.error.message} />
          ) : !sample.data ? (
            <Loading what="the sample" />
          ) : (
            <>
              <JudgingLabel verdict={sample.data.verdict} judge={sample.data.judge} />
              <h3>Per-test results</h3>
              <TestStrip sample={sample.data} />
              <h3>Code</h3>
              <CodeView code={sample.data.code} language={sample.data.language} />
            </>
          )}
        </section>
      </div>
      <section className="card">
        <h2>Counts per checkpoint</h2>
        <p className="muted small">
          Pooled over the runs{state.setting ? ` of setting ${state.setting}` : ''}, from the aggregates. Click a row to
          list its samples.
        </p>
        <ProblemCounts
          checkpoints={checkpoints}
          selected={state.checkpoint}
          onSelect={(id) => update({ checkpoint: id, page: 1 })}
        />
        <ProblemTierPlot checkpoints={checkpoints} base={`study-${studyId}-problem-${problemId}`} />
      </section>
      <section className="card">
        <h2>Compare two samples</h2>
        <SampleDiff studyId={studyId} problemId={problemId} checkpoints={checkpoints} initialLeft={state.checkpoint} />
      </section>
    </div>
  );
}
