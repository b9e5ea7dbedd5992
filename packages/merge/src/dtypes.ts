// Element sizes of the safetensors dtypes. Only the four float dtypes are ever averaged.
export const DTYPE_SIZES = {
  BOOL: 1,
  U8: 1,
  I8: 1,
  F8_E4M3: 1,
  F8_E5M2: 1,
  U16: 2,
  I16: 2,
  F16: 2,
  BF16: 2,
  U32: 4,
  I32: 4,
  F32: 4,
  U64: 8,
  I64: 8,
  F64: 8,
} as const;

export type Dtype = keyof typeof DTYPE_SIZES;
export type FloatDtype = 'BF16' | 'F16' | 'F32' | 'F64';

export function isDtype(value: unknown): value is Dtype {
  return typeof value === 'string' && Object.hasOwn(DTYPE_SIZES, value);
}

export function isFloatDtype(dtype: Dtype): dtype is FloatDtype {
  return dtype === 'BF16' || dtype === 'F16' || dtype === 'F32' || dtype === 'F64';
}

export function elementCount(shape: readonly number[]): number {
  return shape.reduce((n, d) => n * d, 1);
}
