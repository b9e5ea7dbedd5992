/** URL parameters a view could not read (it used their defaults), said once above the view. */
export function StatsProblems({ problems }: { problems: readonly string[] }) {
  if (problems.length === 0) return null;
  return (
    <div className="banner banner-error" role="alert" data-testid="stats-problems">
      {problems.map((p) => (
        <div key={p}>{p}</div>
      ))}
    </div>
  );
}
