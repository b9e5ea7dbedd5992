// Policy checkpoints as Hugging Face-style directories, so the merge tool treats them like any
// model: model.safetensors (one F32 tensor, `policy.weight` [d]) and config.json (the feature
// names and the normalisation statistics). Endpoints share their config byte for byte, which is
// what a merged directory needs: the merge copies non-weight files from its first input.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { readSafetensors, writeSafetensors } from '@frontier/merge';
import { FEATURE_NAMES } from './features';
import type { Normalization } from './normalization';
import { policyProblems, ToyPolicy } from './policy';

export const WEIGHT_TENSOR = 'policy.weight';
export const MODEL_TYPE = 'frontier-toy-policy';
export const CONFIG_VERSION = 1;

export interface PolicyConfig {
  model_type: typeof MODEL_TYPE;
  version: number;
  features: string[];
  normalization: Normalization;
}

export function policyConfig(normalization: Normalization): PolicyConfig {
  return { model_type: MODEL_TYPE, version: CONFIG_VERSION, features: [...FEATURE_NAMES], normalization };
}

export async function writePolicyCheckpoint(
  dir: string,
  weight: ArrayLike<number>,
  config: PolicyConfig,
): Promise<void> {
  if (weight.length !== config.features.length)
    throw new Error(`${weight.length} weights for ${config.features.length} features`);
  const f32 = Float32Array.from(weight);
  await mkdir(dir, { recursive: true });
  await writeSafetensors(join(dir, 'model.safetensors'), [
    { name: WEIGHT_TENSOR, dtype: 'F32', shape: [f32.length], data: new Uint8Array(f32.buffer) },
  ]);
  await writeFile(join(dir, 'config.json'), `${JSON.stringify(config, null, 2)}\n`);
}

export async function readPolicyCheckpoint(dir: string): Promise<{ weight: Float32Array; config: PolicyConfig }> {
  const config = JSON.parse(await readFile(join(dir, 'config.json'), 'utf8')) as PolicyConfig;
  if (config.model_type !== MODEL_TYPE)
    throw new Error(`${dir}: config.json is not a toy policy (model_type ${JSON.stringify(config.model_type)})`);
  const { tensors } = await readSafetensors(join(dir, 'model.safetensors'));
  const t = tensors.get(WEIGHT_TENSOR);
  if (!t) throw new Error(`${dir}: model.safetensors has no ${WEIGHT_TENSOR}`);
  if (t.dtype !== 'F32' || t.shape.length !== 1 || t.shape[0] !== config.features.length) {
    throw new Error(
      `${dir}: ${WEIGHT_TENSOR} is ${t.dtype} [${t.shape.join(', ')}], expected F32 [${config.features.length}]`,
    );
  }
  // Copy: the tensor's bytes may not be 4-byte aligned within the file buffer.
  const weight = new Float32Array(t.data.slice().buffer);
  return { weight, config };
}

/** Loads a checkpoint as a policy; refuses one trained with other features than the current ones. */
export async function loadToyPolicy(dir: string): Promise<ToyPolicy> {
  const { weight, config } = await readPolicyCheckpoint(dir);
  if (config.features.join(',') !== FEATURE_NAMES.join(',')) {
    throw new Error(
      `${dir}: trained with features [${config.features.join(', ')}], the code now computes [${FEATURE_NAMES.join(', ')}]; retrain with \`npm run lab:train\``,
    );
  }
  return new ToyPolicy(weight, policyProblems(config.normalization));
}
