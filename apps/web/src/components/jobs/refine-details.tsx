import { intervalText, plural, type BestAlpha } from '@frontier/core';
import type { RefineSummary } from '@/lib/jobs/job-summary';
import { formatAlpha } from '@/lib/format';

// An open side says so ("[1.79, 2 or above]"): its end is only where the evaluated alphas stop.
const interval = (b: BestAlpha | null) =>
  b ? `${formatAlpha(b.alpha)} ${intervalText(b, formatAlpha)}` : 'not yet estimated';

/** What a refinement run was asked, its rounds (each visible here while its chains run below) and why it stopped. */
export function RefineDetails({ refine }: { refine: RefineSummary }) {
  const { settings: s, rounds, outcome } = refine;
  return (
    <div className="refine-details" data-testid="refine-details">
      <p className="muted">
        pass@{s.k}, {plural(s.count, 'alpha')} per round in [{s.range.join(', ')}], budget{' '}
        {plural(refine.alphaBudget, 'alpha')}
        {s.targetWidth !== undefined && `, stops once the best alpha's interval is narrower than ${s.targetWidth}`}
        {s.setting !== undefined && `; ${s.setting}`}
        {s.scale ? ` ${s.scale}` : ''}
        {(s.from !== undefined || s.to !== undefined) &&
          `; problems released ${s.from ?? 'any time'} to ${s.to ?? 'now'}`}
        .
      </p>
      <ol>
        {rounds.map((r, i) => (
          <li key={i} data-testid="refine-round" data-alphas={r.alphas.join(',')}>
            Round {i + 1}: evaluates α = {r.alphas.map(formatAlpha).join(', ')} (best alpha then {interval(r.best)})
          </li>
        ))}
      </ol>
      {outcome && (
        <p data-testid="refine-outcome" data-reason={outcome.reason}>
          <strong>Stopped:</strong> {outcome.message}
        </p>
      )}
    </div>
  );
}
