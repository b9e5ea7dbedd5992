/** Longer than this, a description folds to one line with "more" (about a line at 1280 px). */
const ONE_LINE = 120;

/** A study's description: one line on the study page, the whole text a click away. */
export function StudyDescription({ text }: { text: string }) {
  if (text.length <= ONE_LINE) return <p className="muted study-description" data-testid="study-description">{text}</p>;
  return (
    <details className="study-description" data-testid="study-description">
      <summary>
        <span className="muted study-description-text">{text}</span>
        <span className="study-description-toggle" aria-hidden />
      </summary>
    </details>
  );
}
