import { expect, it } from 'vitest';
import { missingServePlaceholders } from './serve-command';

it('names the placeholders a serve command lacks', () => {
  expect(missingServePlaceholders('vllm serve {checkpoint} --served-model-name {model} --port {port}')).toEqual([]);
  expect(missingServePlaceholders('vllm serve {checkpoint} --port {port}')).toEqual(['model']);
  expect(missingServePlaceholders('vllm serve')).toEqual(['checkpoint', 'model', 'port']);
});
