export { MergeError } from './errors';
export { DTYPE_SIZES, isFloatDtype, type Dtype, type FloatDtype } from './dtypes';
export { bf16ToNumber, f16ToNumber, numberToBf16, numberToF16, f32BitsToBf16, f32BitsToF16 } from './convert';
export {
  readSafetensorsHeader,
  parseSafetensorsHeader,
  type SafetensorsHeader,
  type TensorInfo,
} from './safetensors/header';
export { readSafetensors, writeSafetensors, encodeHeader, type Tensor, type TensorLayout } from './safetensors/file';
export { openCheckpoint, type Checkpoint, type CheckpointTensor } from './checkpoint';
export { planMerge, DEFAULT_MAX_SHARD_BYTES } from './plan';
export { expandOutPattern, formatAlpha, resolveOutputs, type OutputSpec, type OutTarget } from './options';
export { RECIPE_VERSION, type InputRef, type Recipe } from './recipe';
export { mergeCheckpoints, type MergeOptions, type MergeProgress, type MergeResult } from './merge';
