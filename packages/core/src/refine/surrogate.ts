// A smooth surrogate of pass@k along alpha: Gaussian-process regression with a squared-exponential
// kernel, a constant mean and known per-point noise. A handful of evaluated alphas is all it ever
// sees (tens at most), so everything is dense linear algebra on tiny matrices.

export interface Hyper {
  /** Kernel length scale, in alpha units. */
  length: number;
  /** Kernel (signal) variance. */
  signal: number;
}

export interface Surrogate {
  hyper: Hyper;
  /** The constant mean the curve reverts to far from the data. */
  mean: number;
  /** Posterior mean and standard deviation of the latent curve at `alpha`. */
  predict(alpha: number): { mean: number; sd: number };
  /**
   * Rows of the linear smoother: posterior mean at `alphas[j]` = mean + row_j · (y - mean).
   * Fixed for given inputs and noise, so a bootstrap re-fit of y costs one product per point.
   */
  smoother(alphas: readonly number[]): Float64Array[];
  /**
   * A lower Cholesky factor (row-major, alphas.length square) of the curve's covariance between
   * the alphas given the fitted points taken as exact: zero at an evaluated alpha, growing
   * between them. It is what is not known about the curve between evaluations, apart from the
   * noise of the evaluations themselves. Null if it cannot be factored.
   */
  interpolationFactor(alphas: readonly number[]): Float64Array | null;
}

const LENGTHS = [0.2, 0.3, 0.45, 0.7, 1, 1.5, 2.2, 3.3];
const SIGNAL_FACTORS = [0.25, 1, 4, 16];
/** A weak log-normal prior on the length scale keeps two or three points from meaning "a straight line for ever". */
const LENGTH_PRIOR = { log: Math.log(0.6), sd: 0.75 };
const MIN_SIGNAL = 1e-4;

const kernel = (h: Hyper, a: number, b: number) => h.signal * Math.exp(-((a - b) ** 2) / (2 * h.length ** 2));

/** Lower Cholesky factor of a symmetric positive-definite matrix (row-major n x n); null if it is not. */
function cholesky(m: Float64Array, n: number): Float64Array | null {
  const l = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) {
      let s = m[i * n + j]!;
      for (let k = 0; k < j; k++) s -= l[i * n + k]! * l[j * n + k]!;
      if (i === j) {
        if (!(s > 0)) return null;
        l[i * n + i] = Math.sqrt(s);
      } else l[i * n + j] = s / l[j * n + j]!;
    }
  }
  return l;
}

/** Solves L x = b (forward). */
function forward(l: Float64Array, n: number, b: ArrayLike<number>): Float64Array {
  const x = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let s = b[i]!;
    for (let k = 0; k < i; k++) s -= l[i * n + k]! * x[k]!;
    x[i] = s / l[i * n + i]!;
  }
  return x;
}

/** Solves L^T x = b (backward). */
function backward(l: Float64Array, n: number, b: ArrayLike<number>): Float64Array {
  const x = new Float64Array(n);
  for (let i = n - 1; i >= 0; i--) {
    let s = b[i]!;
    for (let k = i + 1; k < n; k++) s -= l[k * n + i]! * x[k]!;
    x[i] = s / l[i * n + i]!;
  }
  return x;
}

interface Fit {
  l: Float64Array;
  /** (K + noise)^-1 (y - mean) */
  weights: Float64Array;
  logLikelihood: number;
}

function fit(
  xs: readonly number[],
  ys: readonly number[],
  noise: readonly number[],
  mean: number,
  h: Hyper,
): Fit | null {
  const n = xs.length;
  const m = new Float64Array(n * n);
  for (let i = 0; i < n; i++)
    for (let j = 0; j < n; j++) m[i * n + j] = kernel(h, xs[i]!, xs[j]!) + (i === j ? noise[i]! : 0);
  const l = cholesky(m, n);
  if (!l) return null;
  const r = ys.map((y) => y - mean);
  const z = forward(l, n, r);
  const weights = backward(l, n, z);
  let logDet = 0;
  for (let i = 0; i < n; i++) logDet += Math.log(l[i * n + i]!);
  const quad = z.reduce((s, v) => s + v * v, 0);
  return { l, weights, logLikelihood: -0.5 * quad - logDet - 0.5 * n * Math.log(2 * Math.PI) };
}

function surrogateOf(inputs: readonly number[], mean: number, h: Hyper, f: Fit): Surrogate {
  // A copy: the caller may grow its array afterwards (suggest.ts's believer does), which would
  // change the kernel vectors under fixed weights.
  const xs = [...inputs];
  const n = xs.length;
  const cross = (a: number) => xs.map((x) => kernel(h, a, x));
  return {
    hyper: h,
    mean,
    predict(alpha) {
      const k = cross(alpha);
      const v = forward(f.l, n, k);
      const variance = h.signal - v.reduce((s, x) => s + x * x, 0);
      return { mean: mean + k.reduce((s, x, i) => s + x * f.weights[i]!, 0), sd: Math.sqrt(Math.max(0, variance)) };
    },
    smoother(alphas) {
      return alphas.map((a) => backward(f.l, n, forward(f.l, n, cross(a))));
    },
    interpolationFactor(alphas) {
      const exact = new Float64Array(n * n);
      for (let i = 0; i < n; i++)
        for (let j = 0; j < n; j++) exact[i * n + j] = kernel(h, xs[i]!, xs[j]!) + (i === j ? JITTER * h.signal : 0);
      const l = cholesky(exact, n);
      if (!l) return null;
      const g = alphas.length;
      const v = alphas.map((a) => forward(l, n, cross(a)));
      const cov = new Float64Array(g * g);
      for (let i = 0; i < g; i++) {
        for (let j = 0; j <= i; j++) {
          let c = kernel(h, alphas[i]!, alphas[j]!);
          for (let k = 0; k < n; k++) c -= v[i]![k]! * v[j]![k]!;
          cov[i * g + j] = cov[j * g + i] = c;
        }
      }
      // The covariance of a smooth curve on a fine grid is nearly singular: add a little to the
      // diagonal until it factors.
      for (let jitter = JITTER * h.signal, tries = 0; tries < 6; tries++, jitter *= 10) {
        const m = Float64Array.from(cov);
        for (let i = 0; i < g; i++) m[i * g + i]! += jitter;
        const factor = cholesky(m, g);
        if (factor) return factor;
      }
      return null;
    },
  };
}

/** Relative diagonal jitter that keeps exact-interpolation covariances positive definite. */
const JITTER = 1e-8;

/**
 * Fits the surrogate to (alpha, value) pairs with per-point noise variances. With `hyper` given
 * (a re-fit during one suggestion round) it is kept; otherwise the length scale and signal variance
 * maximise the marginal likelihood times the length prior over a fixed grid, so the same data
 * always gives the same curve.
 */
export function fitSurrogate(
  xs: readonly number[],
  ys: readonly number[],
  noise: readonly number[],
  hyper?: Hyper,
): Surrogate | null {
  if (xs.length === 0 || xs.length !== ys.length || xs.length !== noise.length) return null;
  const mean = ys.reduce((s, y) => s + y, 0) / ys.length;
  if (hyper) {
    const f = fit(xs, ys, noise, mean, hyper);
    return f && surrogateOf(xs, mean, hyper, f);
  }
  const spread = ys.reduce((s, y) => s + (y - mean) ** 2, 0) / Math.max(1, ys.length - 1);
  const base = Math.max(MIN_SIGNAL, spread);
  let best: { h: Hyper; f: Fit; score: number } | undefined;
  for (const length of LENGTHS) {
    for (const factor of SIGNAL_FACTORS) {
      const h = { length, signal: base * factor };
      const f = fit(xs, ys, noise, mean, h);
      if (!f) continue;
      const score = f.logLikelihood - 0.5 * ((Math.log(length) - LENGTH_PRIOR.log) / LENGTH_PRIOR.sd) ** 2;
      if (!best || score > best.score) best = { h, f, score };
    }
  }
  return best ? surrogateOf(xs, mean, best.h, best.f) : null;
}
