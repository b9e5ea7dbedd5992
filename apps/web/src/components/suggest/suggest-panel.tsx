'use client';

import { memo } from 'react';
import type { ReleaseWindow } from '@frontier/core';
import { formatAlpha } from '@/lib/format';
import type { SuggestView } from '@/lib/frontier/suggest-state';
import { useCan } from '../caller-context';
import { EvaluateSuggestions } from './evaluate-suggestions';
import { RefineAutomatically } from './refine-automatically';
import { SuggestForm } from './suggest-form';
import { BestAlpha, CollapsedAlphas, SuggestionTable } from './suggestion-table';
import type { Suggestions } from './use-suggestions';

interface Props {
  studyId: number;
  suggestions: Suggestions;
  /** False in a shared link: nothing there may queue work. */
  live: boolean;
  difficulty?: string;
  /** The release window on screen, which the run reads over too. */
  window: ReleaseWindow;
  /** A new count and range, or undefined to close the panel. */
  onView: (view: Required<SuggestView> | undefined) => void;
}

/**
 * "Suggest next alphas": the form, the policy's answer (the markers are on the plots above) and,
 * for callers who may write, the two ways to act on it. Memoised: an alpha step passes the same
 * props and renders nothing here.
 */
export const SuggestPanel = memo(function SuggestPanel({
  studyId,
  suggestions,
  live,
  difficulty,
  window,
  onView,
}: Props) {
  const canWrite = useCan('write') && live;
  const { k, count, range, defaultRange, setting, scale, exclude, result } = suggestions;
  return (
    <section
      className="card suggest-panel"
      data-testid="suggest-panel"
      data-status={result.ok ? 'ready' : 'unavailable'}
    >
      <div className="card-head">
        <h2>Suggested next alphas</h2>
        <button type="button" className="link-button" data-testid="suggest-close" onClick={() => onView(undefined)}>
          Hide suggestions
        </button>
      </div>
      <SuggestForm count={count} range={range} defaultRange={defaultRange} k={k} onApply={onView} />
      {!result.ok ? (
        <p className="banner banner-info" data-testid="suggest-unavailable">
          {result.message}
        </p>
      ) : (
        <>
          <BestAlpha refinement={result.refinement} />
          <SuggestionTable refinement={result.refinement} />
          <CollapsedAlphas refinement={result.refinement} />
          {exclude.length > 0 && (
            <p className="muted small" data-testid="suggest-excluded">
              Left out, queued or running already: {exclude.map((a) => `α = ${formatAlpha(a)}`).join(', ')}.
            </p>
          )}
          {canWrite && (
            <div className="suggest-actions">
              <EvaluateSuggestions studyId={studyId} alphas={result.refinement.suggestions.map((s) => s.alpha)} />
              <RefineAutomatically
                studyId={studyId}
                context={{
                  k,
                  count,
                  range,
                  ...(setting !== null && { setting }),
                  ...(scale !== null && { scale }),
                  ...(window.from !== undefined && { from: window.from }),
                  ...(window.to !== undefined && { to: window.to }),
                }}
                difficulty={difficulty}
              />
            </div>
          )}
        </>
      )}
    </section>
  );
});
