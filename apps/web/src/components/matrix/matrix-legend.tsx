import { describeSolvedRule, type SolvedRule } from '@frontier/core';
import { NO_DATA_COLOR, RATE_GRADIENT } from '@/lib/matrix/matrix-colors';

/** The colour scale of c/n, and how "no data", solved cells and unstable rows look. */
export function MatrixLegend({ rule }: { rule: SolvedRule }) {
  return (
    <div className="mx-legend" data-testid="matrix-legend" aria-label="Colour scale">
      <span>c/n solved</span>
      <span className="mx-legend-scale">
        <span className="mx-legend-bar" style={{ background: RATE_GRADIENT }} />
        <span className="mx-legend-ticks">
          <span>0</span>
          <span>0.5</span>
          <span>1</span>
        </span>
      </span>
      <span className="mx-legend-item">
        <span className="mx-swatch mx-nodata" style={{ background: NO_DATA_COLOR }} /> no data
      </span>
      <span className="mx-legend-item" data-testid="matrix-solved-legend">
        <span className="mx-swatch mx-solved-swatch" /> solved: {describeSolvedRule(rule)}
      </span>
      <span className="mx-legend-item">
        <span className="mx-unstable">⟲</span> unstable: the rate dips and recovers (or peaks and falls back) along α,
        beyond the 95% intervals
      </span>
    </div>
  );
}
