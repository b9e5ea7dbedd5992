'use client';

import { inReleaseWindow, isWindowed, plural, type ReleaseWindow } from '@frontier/core';
import { useEffect, useState } from 'react';
import type { Facets } from '@/lib/study/facets';
import { dayNumber, dayText, releaseBins, type ReleaseDayCount } from '@/lib/study/release-histogram';

interface Props {
  releaseDays: NonNullable<Facets['releaseDays']>;
  window: ReleaseWindow;
  /** Problems the data on screen left out for want of a date; the facets' count when unknown. */
  undated: number | undefined;
  onChange: (next: ReleaseWindow) => void;
}

const BINS = 48;
const HANDLES = [
  { side: 'from', label: 'Released on or after' },
  { side: 'to', label: 'Released on or before' },
] as const;
// A drag sends many input events: the URL (and a data request) follows once the handle rests.
const SETTLE_MS = 300;

/**
 * The release-date window: a histogram of the study's problems by release day, two handles on the
 * same time axis and the count inside. A handle at either end leaves that side open.
 */
export function ReleaseWindowControl({ releaseDays, window, undated, onChange }: Props) {
  const [draft, setDraft] = useState<ReleaseWindow | undefined>(undefined);
  useEffect(() => {
    if (draft === undefined) return;
    const timer = setTimeout(() => onChange(draft), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [draft, onChange]);
  // Once the URL has caught up with the draft, the URL is the state again.
  if (draft !== undefined && draft.from === window.from && draft.to === window.to) setDraft(undefined);

  const dated = releaseDays.filter((d): d is ReleaseDayCount => d.day !== null);
  const undatedInStudy = releaseDays.find((d) => d.day === null)?.problems ?? 0;
  const shown = draft ?? window;
  const windowed = isWindowed(shown);
  if (dated.length === 0) {
    return windowed ? (
      <div className="release-window" data-testid="release-window">
        <span>No problem of this study has a release date: the window leaves every problem out.</span>
        <button type="button" onClick={() => onChange({})}>
          All dates
        </button>
      </div>
    ) : null;
  }

  const first = dayNumber(dated[0]!.day);
  const last = dayNumber(dated.at(-1)!.day);
  const clamp = (n: number) => Math.min(last, Math.max(first, n));
  const lo = shown.from === undefined ? first : clamp(dayNumber(shown.from));
  const hi = shown.to === undefined ? last : clamp(dayNumber(shown.to));
  const bins = releaseBins(dated, shown, BINS);
  const tallest = Math.max(...bins.map((b) => b.inside + b.outside));
  const inside = dated.reduce((n, d) => n + (inReleaseWindow(d.day, shown) ? d.problems : 0), 0);
  const total = dated.reduce((n, d) => n + d.problems, 0) + undatedInStudy;
  const leftOut = windowed ? (undated ?? undatedInStudy) : 0;

  const move = (side: 'from' | 'to', value: number) => {
    const next = { ...shown };
    // Dragging one handle past the other pushes it along, so the window never turns inside out.
    if (side === 'from') {
      next.from = value <= first ? undefined : dayText(value);
      if (value > hi) next.to = value >= last ? undefined : dayText(value);
    } else {
      next.to = value >= last ? undefined : dayText(value);
      if (value < lo) next.from = value <= first ? undefined : dayText(value);
    }
    if (next.from === undefined) delete next.from;
    if (next.to === undefined) delete next.to;
    setDraft(next);
  };

  return (
    <div className="release-window" data-testid="release-window">
      <span className="release-window-title">Release date</span>
      <div className="release-window-plot">
        <svg
          viewBox={`0 0 ${bins.length} 1`}
          preserveAspectRatio="none"
          role="img"
          aria-label={`Problems by release date, ${dated[0]!.day} to ${dated.at(-1)!.day}`}
        >
          {bins.map((b, i) => {
            const h = (b.inside + b.outside) / tallest;
            const hIn = b.inside / tallest;
            return (
              <g key={i}>
                <rect x={i + 0.08} width={0.84} y={1 - h} height={h - hIn} className="out" />
                <rect x={i + 0.08} width={0.84} y={1 - hIn} height={hIn} className="in" />
              </g>
            );
          })}
        </svg>
        <div className="release-window-handles">
          {HANDLES.map(({ side, label }) => (
            <input
              key={side}
              type="range"
              data-testid={`release-${side}`}
              aria-label={label}
              min={first}
              max={last}
              value={side === 'from' ? lo : hi}
              onChange={(e) => move(side, Number(e.target.value))}
            />
          ))}
        </div>
      </div>
      <div className="release-window-range">
        <span data-testid="release-window-count">
          {shown.from ?? dated[0]!.day} to {shown.to ?? dated.at(-1)!.day}
          {': '}
          {windowed ? `${plural(inside, 'problem')} of ${total}` : `all ${plural(total, 'problem')}`}
        </span>
        {windowed && (
          <button type="button" className="link-button" data-testid="release-window-clear" onClick={() => onChange({})}>
            All dates
          </button>
        )}
      </div>
      {leftOut > 0 && (
        <span className="release-window-note" data-testid="release-window-undated">
          {plural(leftOut, 'problem')} without a release date left out
        </span>
      )}
    </div>
  );
}
