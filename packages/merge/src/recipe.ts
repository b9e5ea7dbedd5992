import { createHash } from 'node:crypto';
import { basename } from 'node:path';
import type { Checkpoint } from './checkpoint';

export const RECIPE_VERSION = 1;
export const TOOL = '@frontier/merge@0.1.0';

export interface InputRef {
  path: string;
  /** sha256 of the `sha256sum`-style listing of its weight files (see `files`), sorted by name. */
  sha256: string;
  /** sha256 of each safetensors file, as `sha256sum` (and the Hugging Face hub's LFS oid) print it. */
  files: Record<string, string>;
}

export interface Recipe {
  format: 'frontier-merge';
  version: number;
  tool: string;
  /** linear: sum w_i theta_i. task_arithmetic: base + sum w_i (theta_i - base). */
  method: 'linear' | 'task_arithmetic';
  alpha: number | null;
  weights: number[];
  models: InputRef[];
  base: InputRef | null;
  arithmetic: string;
}

export const ARITHMETIC =
  'float64 accumulation; rounded to float32 then to the tensor dtype, ties to even; F64 tensors in float64';

// Placeholder hashes have the final length, so a header written before hashing finishes can be
// rewritten in place with the real ones.
export const PENDING_HASH = '0'.repeat(64);

export function inputRef(checkpoint: Checkpoint, hashes: Record<string, string> | null): InputRef {
  const files: Record<string, string> = {};
  for (const f of [...checkpoint.files].sort((a, b) => (basename(a.path) < basename(b.path) ? -1 : 1))) {
    files[basename(f.path)] = hashes?.[f.path] ?? PENDING_HASH;
  }
  const listing = Object.entries(files)
    .map(([name, h]) => `${h}  ${name}\n`)
    .join('');
  const sha256 = hashes ? createHash('sha256').update(listing).digest('hex') : PENDING_HASH;
  return { path: checkpoint.dir, sha256, files };
}

export function makeRecipe(args: {
  alpha: number | null;
  weights: number[];
  models: Checkpoint[];
  base: Checkpoint | null;
  hashes: Record<string, string> | null;
}): Recipe {
  return {
    format: 'frontier-merge',
    version: RECIPE_VERSION,
    tool: TOOL,
    method: args.base ? 'task_arithmetic' : 'linear',
    alpha: args.alpha,
    weights: args.weights,
    models: args.models.map((m) => inputRef(m, args.hashes)),
    base: args.base ? inputRef(args.base, args.hashes) : null,
    arithmetic: ARITHMETIC,
  };
}
