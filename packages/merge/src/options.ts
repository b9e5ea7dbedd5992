import { resolve } from 'node:path';
import { MergeError } from './errors';

/** One merged checkpoint to produce: its weights over the models (not the base) and its path. */
export interface OutputSpec {
  alpha: number | null;
  weights: number[];
  path: string;
}

export type OutTarget = string | ((alpha: number | null, index: number) => string);

const PLACEHOLDER = /\{([^{}]*)\}/g;

/** `out/alpha-{alpha}` -> `out/alpha-0.5`. `{alpha}` is the only placeholder. */
export function expandOutPattern(pattern: string, alpha: number | null): string {
  for (const match of pattern.matchAll(PLACEHOLDER)) {
    if (match[1] !== 'alpha')
      throw new MergeError(
        `unknown placeholder {${match[1]}} in output pattern "${pattern}"; only {alpha} is supported`,
      );
  }
  if (alpha === null) {
    if (pattern.includes('{alpha}'))
      throw new MergeError(`output pattern "${pattern}" uses {alpha} but the merge has explicit weights, not an alpha`);
    return pattern;
  }
  return pattern.replaceAll('{alpha}', formatAlpha(alpha));
}

export function formatAlpha(alpha: number): string {
  return String(alpha === 0 ? 0 : alpha); // no "-0" directories
}

export interface WeightsInput {
  modelCount: number;
  weights?: readonly number[];
  alphas?: readonly number[];
  hasBase: boolean;
  out: OutTarget;
}

/** Turns --alpha/--alphas/--weights and --out into output specs, refusing anything ambiguous. */
export function resolveOutputs(input: WeightsInput): { outputs: OutputSpec[]; warnings: string[] } {
  const { modelCount, weights, alphas, hasBase } = input;
  const minModels = hasBase ? 1 : 2;
  if (modelCount < minModels)
    throw new MergeError(
      `need at least ${minModels} model${minModels > 1 ? 's' : ''}${hasBase ? ' besides the base' : ''}, got ${modelCount}`,
    );
  if ((weights === undefined) === (alphas === undefined))
    throw new MergeError('give either weights or alphas (exactly one of them)');
  const warnings: string[] = [];
  let sets: Array<{ alpha: number | null; weights: number[] }>;
  if (alphas !== undefined) {
    if (modelCount !== 2)
      throw new MergeError(`alpha needs exactly two models (lo and hi), got ${modelCount}; use weights instead`);
    if (alphas.length === 0) throw new MergeError('no alphas given');
    alphas.forEach((a) => {
      if (!Number.isFinite(a)) throw new MergeError(`alpha ${a} is not a finite number`);
    });
    const seen = new Set<string>();
    for (const a of alphas) {
      if (seen.has(formatAlpha(a))) throw new MergeError(`alpha ${a} is given twice`);
      seen.add(formatAlpha(a));
    }
    sets = alphas.map((a) => ({ alpha: a, weights: [1 - a, a] }));
  } else {
    const w = weights!;
    if (w.length !== modelCount)
      throw new MergeError(`${w.length} weights for ${modelCount} models; give one weight per model`);
    w.forEach((x, i) => {
      if (!Number.isFinite(x)) throw new MergeError(`weight ${i + 1} (${x}) is not a finite number`);
    });
    sets = [{ alpha: null, weights: [...w] }];
  }
  for (const set of sets) {
    if (hasBase) continue;
    const sum = set.weights.reduce((s, x) => s + x, 0);
    if (Math.abs(sum) < 1e-6) {
      throw new MergeError(
        `weights [${set.weights.join(', ')}] sum to ${sum}, about 0: the merge would be a near-zero model. Weights are never normalised; for task arithmetic pass a base model`,
      );
    }
    if (Math.abs(sum - 1) > 1e-9)
      warnings.push(
        `weights [${set.weights.join(', ')}] sum to ${sum}, not 1: the merged weights are scaled by ${sum} (weights are never normalised)`,
      );
  }
  const outputs = sets.map((set, i) => {
    const raw = typeof input.out === 'function' ? input.out(set.alpha, i) : expandOutPattern(input.out, set.alpha);
    if (raw.trim() === '') throw new MergeError('empty output path');
    return { ...set, path: resolve(raw) };
  });
  const paths = new Set(outputs.map((o) => o.path));
  if (paths.size !== outputs.length)
    throw new MergeError(`several outputs map to the same directory; put {alpha} in the output pattern`);
  return { outputs, warnings };
}

/** Coefficients over [...models, base]: base + sum w_i (theta_i - base) = sum w_i theta_i + (1 - sum w) base. */
export function coefficients(weights: readonly number[], hasBase: boolean): number[] {
  if (!hasBase) return [...weights];
  return [...weights, 1 - weights.reduce((s, x) => s + x, 0)];
}
