'use client';

import type { Interval } from '@frontier/core';
import { isInterpolated } from '@frontier/core';
import { formatAlpha, formatRate } from '@/lib/format';
import { pointPassAtK, type SeriesModel } from '@/lib/frontier-model';
import { PassKInput } from './pass-k-input';

interface Props {
  series: SeriesModel[];
  alphas: number[];
  alpha: number;
  k: number;
  /** The slider moved to index i (by drag, arrow keys or the step buttons). */
  onStep: (index: number) => void;
  onK: (k: number) => void;
}

function Rate({ id, iv }: { id: string; iv: Interval }) {
  return (
    <td data-testid={id} data-value={iv.estimate} data-lo={iv.lo} data-hi={iv.hi}>
      <b>{formatRate(iv.estimate)}</b> <span className="muted ci">[{formatRate(iv.lo)}, {formatRate(iv.hi)}]</span>
    </td>
  );
}

/** The alpha slider and the selected checkpoint's headline numbers, one row per series. */
export function AlphaSweep({ series, alphas, alpha, k, onStep, onK }: Props) {
  const index = Math.max(0, alphas.indexOf(alpha));
  const ends = series[0]?.endpoints ?? { lo: 0, hi: 1 };
  const kind = isInterpolated(alpha, ends) ? 'interpolation' : 'extrapolation';
  return (
    <div className="alpha-sweep" data-testid="alpha-sweep">
      <div className="sweep-controls">
        <label className="sweep-label" htmlFor="alpha-slider">
          α = <b data-testid="selected-alpha" data-value={alpha}>{formatAlpha(alpha)}</b>{' '}
          <span className={`kind kind-${kind}`} data-testid="alpha-kind">{kind}</span>
        </label>
        <button type="button" aria-label="Previous alpha" data-testid="alpha-prev" disabled={index === 0} onClick={() => onStep(index - 1)}>◀</button>
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
          {alphas.map((a, i) => <option key={a} value={i} label={formatAlpha(a)} />)}
        </datalist>
        <button type="button" aria-label="Next alpha" data-testid="alpha-next" disabled={index === alphas.length - 1} onClick={() => onStep(index + 1)}>▶</button>
        <span className="muted">{formatAlpha(alphas[0] ?? 0)} … {formatAlpha(alphas.at(-1) ?? 0)} ({alphas.length} evaluated)</span>
        <PassKInput k={k} maxN={Math.max(0, ...series.flatMap((s) => s.points.map((p) => p.minN))) || undefined} onK={onK} />
      </div>
      <table className="numbers headline" data-testid="headline">
        <thead>
          <tr>
            {series.length > 1 && <th>Series</th>}
            <th>Checkpoint</th>
            <th>Solve rate [95% CI]</th>
            <th>Correctness failures [95% CI]</th>
            <th>Optimization failures [95% CI]</th>
            <th>pass@{k}</th>
            <th>Problems</th>
          </tr>
        </thead>
        <tbody>
          {series.map((s) => {
            const p = s.points.find((q) => q.alpha === alpha);
            if (!p) {
              return (
                <tr key={s.key} data-testid="headline-row" data-series={s.key}>
                  {series.length > 1 && <td>{s.label}</td>}
                  <td colSpan={6} className="muted">Not evaluated at α = {formatAlpha(alpha)} in this series.</td>
                </tr>
              );
            }
            const pk = pointPassAtK(p, k);
            return (
              <tr key={s.key} data-testid="headline-row" data-series={s.key} data-checkpoint-id={p.checkpointId}>
                {series.length > 1 && <td>{s.label}</td>}
                <td>{p.name}</td>
                <Rate id="headline-solve" iv={p.solve} />
                <Rate id="headline-correctness" iv={p.correctness} />
                <Rate id="headline-optimization" iv={p.optimization} />
                {pk.defined ? (
                  <td data-testid="headline-pass-at-k" data-value={pk.value}><b>{formatRate(pk.value)}</b></td>
                ) : (
                  <td data-testid="headline-pass-at-k" data-value="" className="undefined-value" title={pk.reason}>
                    undefined: {pk.reason}
                  </td>
                )}
                <td data-testid="headline-problems" data-value={p.problems}>{p.problems}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="muted small">Intervals: 95% percentile bootstrap over problems (1,000 resamples, paired across checkpoints, seed 1). pass@k is the unbiased estimator 1 − C(n−c, k)/C(n, k), averaged over problems.</p>
    </div>
  );
}
