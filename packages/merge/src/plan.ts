import type { Checkpoint, CheckpointTensor } from './checkpoint';
import { isFloatDtype, type Dtype } from './dtypes';
import { MergeError } from './errors';

export interface PlannedTensor {
  name: string;
  dtype: Dtype;
  shape: number[];
  bytes: number;
  /** combine: a float tensor to average; copy: anything else, copied only if identical everywhere. */
  kind: 'combine' | 'copy';
  /** The tensor in each input, in input order (models, then base). */
  sources: CheckpointTensor[];
}

export interface ShardPlan {
  fileName: string;
  tensors: PlannedTensor[];
}

export const DEFAULT_MAX_SHARD_BYTES = 5_000_000_000; // "5GB", as transformers counts it

/** Checks that every input holds the same tensors (names, dtypes, shapes) and lays out the shards. */
export function planMerge(
  inputs: readonly Checkpoint[],
  maxShardBytes = DEFAULT_MAX_SHARD_BYTES,
): { tensors: PlannedTensor[]; shards: ShardPlan[]; totalSize: number } {
  if (!(maxShardBytes > 0)) throw new MergeError(`maximum shard size must be positive, got ${maxShardBytes}`);
  const [first, ...rest] = inputs;
  if (!first) throw new MergeError('no inputs');
  for (const other of rest) {
    for (const [name, t] of other.tensors) {
      if (!first.tensors.has(name))
        throw new MergeError(
          `present here but missing from ${first.dir}; tensors not present in every input are refused`,
          t.file.path,
          name,
        );
    }
  }
  const tensors: PlannedTensor[] = [];
  for (const [name, t] of first.tensors) {
    const sources = inputs.map((input) => {
      const s = input.tensors.get(name);
      if (!s)
        throw new MergeError(
          `missing from ${input.dir}; tensors not present in every input are refused`,
          t.file.path,
          name,
        );
      if (s.dtype !== t.dtype)
        throw new MergeError(`dtype ${s.dtype} here but ${t.dtype} in ${t.file.path}`, s.file.path, name);
      if (s.shape.length !== t.shape.length || s.shape.some((d, i) => d !== t.shape[i])) {
        throw new MergeError(
          `shape [${s.shape.join(', ')}] here but [${t.shape.join(', ')}] in ${t.file.path}`,
          s.file.path,
          name,
        );
      }
      return s;
    });
    tensors.push({
      name,
      dtype: t.dtype,
      shape: t.shape,
      bytes: t.end - t.begin,
      kind: isFloatDtype(t.dtype) ? 'combine' : 'copy',
      sources,
    });
  }
  const groups: PlannedTensor[][] = [];
  let size = 0;
  for (const t of tensors) {
    const current = groups.at(-1);
    if (!current || (size + t.bytes > maxShardBytes && current.length > 0)) {
      groups.push([t]);
      size = t.bytes;
    } else {
      current.push(t);
      size += t.bytes;
    }
  }
  if (groups.length === 0) groups.push([]);
  const n = groups.length;
  const pad = (i: number) => String(i).padStart(5, '0');
  const shards = groups.map((group, i) => ({
    fileName: n === 1 ? 'model.safetensors' : `model-${pad(i + 1)}-of-${pad(n)}.safetensors`,
    tensors: group,
  }));
  return { tensors, shards, totalSize: tensors.reduce((s, t) => s + t.bytes, 0) };
}
