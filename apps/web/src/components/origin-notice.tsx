/** A small badge for lists: says plainly that the numbers are not measurements of real models. */
export function OriginBadge({ origin }: { origin: string }) {
  if (origin === 'synthetic') {
    return (
      <span
        className="badge badge-synthetic"
        data-testid="synthetic-badge"
        title="Generated data, not measured from real models"
      >
        Synthetic data
      </span>
    );
  }
  if (origin === 'demo')
    return (
      <span className="badge" title="Produced by the built-in toy policy">
        Demo
      </span>
    );
  return <span className="badge">{origin === 'import' ? 'Imported' : origin}</span>;
}

/** Origins whose study page carries a banner (which then stands in for the badge). */
export function hasOriginBanner(origin: string): boolean {
  return origin === 'synthetic' || origin === 'demo';
}

/** A one-line banner for a study page whose numbers are not measurements of real models; null otherwise. */
export function OriginBanner({ origin }: { origin: string }) {
  if (origin === 'synthetic') {
    return (
      <div className="banner banner-synthetic banner-line" role="note" data-testid="synthetic-banner">
        <strong>Synthetic data:</strong> generated to demonstrate the product, not results of real models.
      </div>
    );
  }
  if (origin === 'demo') {
    return (
      <div className="banner banner-synthetic banner-line" role="note" data-testid="demo-banner">
        <strong>Demo data:</strong> the built-in toy policy on the small minilab benchmark, run through the real
        pipeline; not results of real code models.
      </div>
    );
  }
  return null;
}
