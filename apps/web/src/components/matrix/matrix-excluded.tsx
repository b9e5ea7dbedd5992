import type { StudyDataExcludedProblem } from '@frontier/core';
import { plural } from '@frontier/core';
import Link from 'next/link';
import type { ProblemHref } from '@/lib/problem/problem-link';

interface Props {
  excluded: readonly StudyDataExcludedProblem[];
  /** The drill-down of a problem; none in a shared link, which pins no excluded problem's counts. */
  problemHref?: ProblemHref;
}

/** The study's excluded problems, greyed below the matrix with their reasons: in no row or statistic above. */
export function MatrixExcluded({ excluded, problemHref }: Props) {
  if (excluded.length === 0) return null;
  return (
    <div className="mx-excluded" data-testid="matrix-excluded" data-count={excluded.length}>
      <p className="muted small">
        {plural(excluded.length, 'problem')} excluded from this study, left out of every row and statistic above
        {problemHref ? ' (open one to include it again)' : ''}:
      </p>
      <table>
        <tbody>
          {excluded.map((x) => (
            <tr key={x.id} data-testid="matrix-excluded-row" data-problem={x.externalId}>
              <th scope="row">
                {problemHref ? (
                  <Link href={problemHref(x.id)}>
                    <code>{x.externalId}</code>
                  </Link>
                ) : (
                  <code>{x.externalId}</code>
                )}
              </th>
              <td>{x.title}</td>
              <td data-testid="matrix-excluded-reason">{x.reason}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
