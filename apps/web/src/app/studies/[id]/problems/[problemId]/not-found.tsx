import Link from 'next/link';

// A problem id that is not a problem of this study's benchmark (or no problem at all).
export default function ProblemNotFound() {
  return (
    <div className="state" data-testid="problem-not-found">
      <strong>No such problem in this study</strong>
      The problem is not part of the benchmark this study was evaluated on, or the link is mistyped.{' '}
      <Link href="..">Back to the study</Link>.
    </div>
  );
}
