// A joint confidence region for two estimates (a checkpoint's correctness- and optimization-failure
// rates) from their paired bootstrap replicates. The two rates of one checkpoint are strongly
// correlated (a problem that stops failing on time often starts failing on correctness), which
// two separate error bars cannot show: a tilted ellipse can.

/** The 2x2 covariance matrix [[xx, xy], [xy, yy]]. */
export interface Covariance2 {
  readonly xx: number;
  readonly xy: number;
  readonly yy: number;
}

/** The sample covariance (n - 1) of paired values; pairs with a NaN on either side are skipped. */
export function covariance2(xs: ArrayLike<number>, ys: ArrayLike<number>): Covariance2 {
  if (xs.length !== ys.length)
    throw new RangeError(`paired values need equal lengths, got ${xs.length} and ${ys.length}`);
  let n = 0;
  let mx = 0;
  let my = 0;
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  // Welford's update: stable for replicates that differ only in late digits.
  for (let i = 0; i < xs.length; i++) {
    const x = xs[i] as number;
    const y = ys[i] as number;
    if (Number.isNaN(x) || Number.isNaN(y)) continue;
    n++;
    const dx = x - mx;
    const dy = y - my;
    mx += dx / n;
    my += dy / n;
    sxx += dx * (x - mx);
    syy += dy * (y - my);
    sxy += dx * (y - my);
  }
  if (n < 2) return { xx: Number.NaN, xy: Number.NaN, yy: Number.NaN };
  return { xx: sxx / (n - 1), xy: sxy / (n - 1), yy: syy / (n - 1) };
}

/** The chi-square quantile with 2 degrees of freedom: its CDF is 1 - exp(-q / 2). */
export function chiSquare2Quantile(level: number): number {
  if (!(level > 0 && level < 1)) throw new RangeError(`level must be in (0, 1), got ${level}`);
  return -2 * Math.log(1 - level);
}

/**
 * The boundary of the normal-theory confidence ellipse `(p - c)' S^-1 (p - c) = q`, with q the
 * chi-square(2) quantile of `level`, as a closed polygon of `vertices` + 1 points (the first
 * repeated last). A singular covariance gives a segment (or the centre); NaN gives no points.
 */
export function confidenceEllipse(
  center: { x: number; y: number },
  cov: Covariance2,
  level = 0.95,
  vertices = 64,
): { x: number[]; y: number[] } {
  if (![cov.xx, cov.xy, cov.yy, center.x, center.y].every(Number.isFinite)) return { x: [], y: [] };
  if (cov.xx < 0 || cov.yy < 0) throw new RangeError('a covariance needs non-negative variances');
  if (!Number.isSafeInteger(vertices) || vertices < 3)
    throw new RangeError(`an ellipse needs at least 3 vertices, got ${vertices}`);
  const q = chiSquare2Quantile(level);
  // Eigen-decomposition of a symmetric 2x2 matrix: semi-axes sqrt(q * lambda) along the eigenvectors.
  const mid = (cov.xx + cov.yy) / 2;
  const radius = Math.hypot((cov.xx - cov.yy) / 2, cov.xy);
  const big = mid + radius;
  // The small eigenvalue as det / big: mid - radius loses its digits when the two differ a lot.
  const small = big > 0 ? Math.max(0, cov.xx * cov.yy - cov.xy * cov.xy) / big : 0;
  const major = Math.sqrt(q * big);
  const minor = Math.sqrt(q * small);
  const theta = Math.atan2(2 * cov.xy, cov.xx - cov.yy) / 2;
  const [c, s] = [Math.cos(theta), Math.sin(theta)];
  const x: number[] = [];
  const y: number[] = [];
  for (let i = 0; i <= vertices; i++) {
    const t = (2 * Math.PI * (i % vertices)) / vertices;
    const u = major * Math.cos(t);
    const v = minor * Math.sin(t);
    x.push(center.x + c * u - s * v);
    y.push(center.y + s * u + c * v);
  }
  return { x, y };
}

/**
 * The region for log axes: the ellipse of (ln x, ln y), whose covariance the delta method gives
 * as S_ij / (c_i c_j), mapped back. Every vertex is positive (a linear ellipse crossing zero has
 * no place on a log axis), and for a small spread it is the linear ellipse. Empty unless the
 * centre is positive.
 */
export function logConfidenceEllipse(
  center: { x: number; y: number },
  cov: Covariance2,
  level = 0.95,
  vertices = 64,
): { x: number[]; y: number[] } {
  if (!(center.x > 0 && center.y > 0)) return { x: [], y: [] };
  const logCov = { xx: cov.xx / center.x ** 2, xy: cov.xy / (center.x * center.y), yy: cov.yy / center.y ** 2 };
  const e = confidenceEllipse({ x: Math.log(center.x), y: Math.log(center.y) }, logCov, level, vertices);
  return { x: e.x.map(Math.exp), y: e.y.map(Math.exp) };
}
