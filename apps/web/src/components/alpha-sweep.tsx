'use client';

import type { Interval } from '@frontier/core';
import { isInterpolated } from '@frontier/core';
import { formatAlpha, formatRate } from '@/lib/format';
import { pointPassAtK, pointPassHatK, type PassAtK, type SeriesModel } from '@/lib/frontier/frontier-model';
import { PassKInput } from './pass-k-input';

interface Props {
  series: SeriesModel[];
  alphas: number[];
  alpha: number;
  k: number;
  /** The slider moved to index i (by drag, arrow keys or the step buttons). */
  onStep: (index: number) => void;
  onK: (k: number) => void;
  /** Problems the study excludes: in no number here, said beside the count. */
  excluded?: number;
}

function Rate({ id, iv }: { id: string; iv: Interval }) {
  return (
    <span className="headline-cell" data-testid={id} data-value={iv.estimate} data-lo={iv.lo} data-hi={iv.hi}>
      <b>{formatRate(iv.estimate)}</b>{' '}
      <span className="muted ci">
        [{formatRate(iv.lo)}, {formatRate(iv.hi)}]
      </span>
    </span>
  );
}

/** pass@k or pass^k of the selected checkpoint, or why it is undefined at this k. */
function Estimate({ id, value }: { id: string; value: PassAtK }) {
  return value.defined ? (
    <span className="headline-cell" data-testid={id} data-value={value.value}>
      <b>{formatRate(value.value)}</b>
    </span>
  ) : (
    <span className="headline-cell undefined-value" data-testid={id} data-value="" title={value.reason}>
      undefined: {value.reason}
    </span>
  );
}

const ROWS = [
  'Checkpoint',
  'Solve rate',
  'Correctness failures',
  'Optimization failures',
  'pass@k',
  'pass^k',
  'Problems',
] as const;

/**
 * The alpha slider and the selected checkpoint's headline numbers. The numbers read down, one
 * column per series (each series' cells are one element, `headline-row`), so they fit beside
 * the frontier.
 */
export function AlphaSweep({ series, alphas, alpha, k, onStep, onK, excluded = 0 }: Props) {
  const index = Math.max(0, alphas.indexOf(alpha));
  const ends = series[0]?.endpoints ?? { lo: 0, hi: 1 };
  const kind = isInterpolated(alpha, ends) ? 'interpolation' : 'extrapolation';
  const several = series.length > 1;
  return (
    <div className="alpha-sweep" data-testid="alpha-sweep">
      <div className="sweep-controls">
        <label className="sweep-label" htmlFor="alpha-slider">
          α ={' '}
          <b data-testid="selected-alpha" data-value={alpha}>
            {formatAlpha(alpha)}
          </b>{' '}
          <span className={`kind kind-${kind}`} data-testid="alpha-kind">
            {kind}
          </span>
        </label>
        <PassKInput
          k={k}
          maxN={Math.max(0, ...series.flatMap((s) => s.points.map((p) => p.minN))) || undefined}
          onK={onK}
        />
      </div>
      <div className="sweep-slider">
        <button
          type="button"
          aria-label="Previous alpha"
          data-testid="alpha-prev"
          disabled={index === 0}
          onClick={() => onStep(index - 1)}
        >
          ◀
        </button>
        <input
          id="alpha-slider"
          data-testid="alpha-slider"
          type="range"
          min={0}
          max={alphas.length - 1}
          step={1}
          value={index}
          aria-valuetext={`alpha ${formatAlpha(alpha)}`}
          list="alpha-ticks"
          onChange={(e) => onStep(Number(e.target.value))}
        />
        <datalist id="alpha-ticks">
          {alphas.map((a, i) => (
            <option key={a} value={i} label={formatAlpha(a)} />
          ))}
        </datalist>
        <button
          type="button"
          aria-label="Next alpha"
          data-testid="alpha-next"
          disabled={index === alphas.length - 1}
          onClick={() => onStep(index + 1)}
        >
          ▶
        </button>
      </div>
      <p className="muted small sweep-range">
        {formatAlpha(alphas[0] ?? 0)} … {formatAlpha(alphas.at(-1) ?? 0)} ({alphas.length} evaluated)
      </p>
      <div
        className={several ? 'headline headline-several' : 'headline'}
        data-testid="headline"
        style={{
          gridTemplateColumns: `max-content repeat(${series.length}, max-content)`,
          gridTemplateRows: `repeat(${ROWS.length + (several ? 1 : 0)}, auto)`,
        }}
      >
        {several && <span className="headline-label" />}
        {ROWS.map((r) => (
          <span key={r} className="headline-label">
            {r === 'pass@k' ? `pass@${k}` : r === 'pass^k' ? `pass^${k}` : r}
          </span>
        ))}
        {series.map((s) => {
          const p = s.points.find((q) => q.alpha === alpha);
          const head = several && <span className="headline-series">{s.label}</span>;
          if (!p) {
            return (
              <div key={s.key} className="headline-column" data-testid="headline-row" data-series={s.key}>
                {head}
                <span className="muted headline-missing" style={{ gridRow: `span ${ROWS.length}` }}>
                  Not evaluated at α = {formatAlpha(alpha)} in this series.
                </span>
              </div>
            );
          }
          return (
            <div
              key={s.key}
              className="headline-column"
              data-testid="headline-row"
              data-series={s.key}
              data-checkpoint-id={p.checkpointId}
            >
              {head}
              <span className="headline-cell">{p.name}</span>
              <Rate id="headline-solve" iv={p.solve} />
              <Rate id="headline-correctness" iv={p.correctness} />
              <Rate id="headline-optimization" iv={p.optimization} />
              <Estimate id="headline-pass-at-k" value={pointPassAtK(p, k)} />
              <Estimate id="headline-pass-hat-k" value={pointPassHatK(p, k)} />
              <span className="headline-cell" data-testid="headline-problems" data-value={p.problems}>
                {p.problems}
                {excluded > 0 && (
                  <span className="muted" data-testid="headline-excluded">
                    {' '}
                    ({excluded} excluded from the study)
                  </span>
                )}
              </span>
            </div>
          );
        })}
      </div>
      <p className="muted small">
        [lo, hi]: 95% percentile bootstrap interval over problems (1,000 resamples, paired across checkpoints, seed 1).
        pass@k is the unbiased estimator 1 − C(n−c, k)/C(n, k) (one of k samples correct), and pass^k the unbiased C(c,
        k)/C(n, k) (all k samples correct), each averaged over problems.
      </p>
    </div>
  );
}
