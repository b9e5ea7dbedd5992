import { logGamma } from './log-gamma';

// Upper tail of the chi-square distribution, P(X >= x) for X ~ chi-square(df), through the
// regularized incomplete gamma function Q(df/2, x/2): its series below a + 1, Lentz's continued
// fraction above (Numerical Recipes 6.2). The prefactor is formed in log space, so tails down to
// about 1e-300 keep their relative precision (a p-value of 1e-40 is not rounded to 0).

const EPS = 1e-15;
const TINY = 1e-300;
const MAX_ITERATIONS = 10_000;

/** ln of x^a e^-x / Gamma(a): the factor both expansions share. */
function logPrefactor(a: number, x: number): number {
  return a * Math.log(x) - x - logGamma(a);
}

/** P(a, x) by its series; converges fast for x < a + 1. */
function lowerSeries(a: number, x: number): number {
  let term = 1 / a;
  let sum = term;
  for (let n = 1; n < MAX_ITERATIONS; n++) {
    term *= x / (a + n);
    sum += term;
    if (Math.abs(term) < Math.abs(sum) * EPS) break;
  }
  return sum * Math.exp(logPrefactor(a, x));
}

/** ln Q(a, x) by the continued fraction; converges fast for x > a + 1. */
function logUpperFraction(a: number, x: number): number {
  let b = x + 1 - a;
  let c = 1 / TINY;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < MAX_ITERATIONS; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < TINY) d = TINY;
    c = b + an / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < EPS) break;
  }
  return logPrefactor(a, x) + Math.log(h);
}

/** P(X >= x) for X ~ chi-square with `df` degrees of freedom (df > 0). */
export function chiSquareSurvival(x: number, df: number): number {
  if (!(df > 0)) throw new RangeError(`degrees of freedom must be positive, got ${df}`);
  if (Number.isNaN(x)) return Number.NaN;
  if (x <= 0) return 1;
  if (x === Number.POSITIVE_INFINITY) return 0;
  const a = df / 2;
  const half = x / 2;
  if (half < a + 1) return Math.min(1, Math.max(0, 1 - lowerSeries(a, half)));
  return Math.min(1, Math.exp(logUpperFraction(a, half)));
}
