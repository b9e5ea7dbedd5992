'use client';

import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { diffLines, diffStats, sideBySide, splitLines } from '@/lib/problem/line-diff';
import type { ProblemCheckpointCounts, SampleDetailResponse } from '@/lib/problem/problem-types';
import { CheckpointPicker } from './checkpoint-picker';
import { TokenSpans } from './code-view';
import { codeLanguage, tokenize, tokenLines } from './highlight';
import { parseSampleKey, sampleKey, sampleQuery, samplesQuery } from './queries';

interface SidePick {
  checkpoint: number | null;
  sample: string | null;
}

function SidePicker({
  label,
  studyId,
  problemId,
  checkpoints,
  pick,
  onPick,
  testId,
}: {
  label: string;
  studyId: number;
  problemId: number;
  checkpoints: ProblemCheckpointCounts[];
  pick: SidePick;
  onPick: (p: SidePick) => void;
  testId: string;
}) {
  const list = useQuery({
    ...samplesQuery(studyId, problemId, { checkpoint: pick.checkpoint ?? undefined }),
    enabled: pick.checkpoint !== null,
  });
  const sample = pick.sample ?? (list.data?.samples[0] ? sampleKey(list.data.samples[0]) : null);
  return (
    <div className="filters" data-testid={testId}>
      <strong className="pb-side-label">{label}</strong>
      <CheckpointPicker
        testId={`${testId}-checkpoint`}
        value={pick.checkpoint}
        emptyLabel="Choose…"
        checkpoints={checkpoints}
        onChange={(checkpoint) => onPick({ checkpoint, sample: null })}
      />
      <label>
        Sample
        <select
          data-testid={`${testId}-sample`}
          value={sample ?? ''}
          disabled={!list.data}
          onChange={(e) => onPick({ ...pick, sample: e.target.value || null })}
        >
          {list.data?.samples.map((s) => (
            <option key={sampleKey(s)} value={sampleKey(s)}>
              #{s.idx} {s.verdict ?? 'pending'} ({s.setting})
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

function useSample(studyId: number, problemId: number, key: string | null) {
  const parsed = parseSampleKey(key);
  return useQuery({
    ...sampleQuery(studyId, problemId, parsed?.runId ?? 0, parsed?.idx ?? 0),
    enabled: parsed !== null,
  });
}

function useFirstSample(studyId: number, problemId: number, pick: SidePick): string | null {
  const list = useQuery({
    ...samplesQuery(studyId, problemId, { checkpoint: pick.checkpoint ?? undefined }),
    enabled: pick.checkpoint !== null,
  });
  return pick.sample ?? (list.data?.samples[0] ? sampleKey(list.data.samples[0]) : null);
}

function DiffTable({ left, right }: { left: SampleDetailResponse; right: SampleDetailResponse }) {
  const { rows, stats, leftTokens, rightTokens } = useMemo(() => {
    const ops = diffLines(splitLines(left.code), splitLines(right.code));
    return {
      rows: sideBySide(ops),
      stats: diffStats(ops),
      leftTokens: tokenLines(tokenize(left.code, codeLanguage(left.language))),
      rightTokens: tokenLines(tokenize(right.code, codeLanguage(right.language))),
    };
  }, [left, right]);
  return (
    <>
      <p className="muted" data-testid="diff-stats" data-added={stats.added} data-removed={stats.removed}>
        <span className="pb-add-text">+{stats.added}</span> lines added,{' '}
        <span className="pb-del-text">−{stats.removed}</span> removed (left → right).
      </p>
      {/* Two panes in one vertical scroll: each scrolls sideways on its own, so a long line is
          never cut off; rows stay level because every line has the same height. */}
      <div className="pb-diff" data-testid="sample-diff">
        {(['left', 'right'] as const).map((side) => (
          <div key={side} className="pb-diff-side" data-side={side}>
            {rows.map((r, i) => {
              const line = r[side];
              const changed = line !== undefined && r.kind !== 'same';
              const tokens = side === 'left' ? leftTokens : rightTokens;
              return (
                <div key={i} className={`pb-diff-row ${r.kind}`} data-kind={r.kind}>
                  <span className="pb-ln">{line ? line.line + 1 : ''}</span>
                  <code
                    className={changed ? (side === 'left' ? 'pb-del' : 'pb-add') : undefined}
                    data-testid={changed ? (side === 'left' ? 'diff-removed' : 'diff-added') : undefined}
                  >
                    {line && <TokenSpans tokens={tokens[line.line] ?? []} />}
                  </code>
                </div>
              );
            })}
          </div>
        ))}
      </div>
    </>
  );
}

/** Two samples side by side, e.g. the same problem at two alphas, with a line diff. */
export function SampleDiff({
  studyId,
  problemId,
  checkpoints,
  initialLeft,
}: {
  studyId: number;
  problemId: number;
  checkpoints: ProblemCheckpointCounts[];
  initialLeft: number | null;
}) {
  const withData = checkpoints.filter((c) => c.n > 0 || c.pending > 0);
  const low = withData.find((c) => c.role === 'LOW') ?? withData[0];
  const high = withData.find((c) => c.role === 'HIGH') ?? withData.at(-1);
  const [left, setLeft] = useState<SidePick>({ checkpoint: initialLeft ?? low?.checkpointId ?? null, sample: null });
  const [right, setRight] = useState<SidePick>({
    checkpoint: (high?.checkpointId === (initialLeft ?? low?.checkpointId) ? low : high)?.checkpointId ?? null,
    sample: null,
  });
  const a = useSample(studyId, problemId, useFirstSample(studyId, problemId, left));
  const b = useSample(studyId, problemId, useFirstSample(studyId, problemId, right));
  return (
    <div data-testid="diff-panel">
      <div className="pb-diff-pickers">
        <SidePicker
          label="Left"
          testId="diff-left"
          studyId={studyId}
          problemId={problemId}
          checkpoints={checkpoints}
          pick={left}
          onPick={setLeft}
        />
        <SidePicker
          label="Right"
          testId="diff-right"
          studyId={studyId}
          problemId={problemId}
          checkpoints={checkpoints}
          pick={right}
          onPick={setRight}
        />
      </div>
      {a.error || b.error ? (
        <p className="banner banner-error">{(a.error ?? b.error)!.message}</p>
      ) : a.data && b.data ? (
        <DiffTable left={a.data} right={b.data} />
      ) : (
        <p className="muted">Choose a checkpoint and a sample on each side.</p>
      )}
    </div>
  );
}
