import { createHash } from 'node:crypto';
import { expect, it } from 'vitest';
import { programKey } from './judge-benchmark';

const key = (how?: Parameters<typeof programKey>[3]) => programKey('problem', 'python', 'print(1)', how);

it('keeps the key of a program judged the default way, by any backend, as before the options existed', () => {
  const legacy = createHash('sha256').update('problem\0python\0print(1)').digest('hex');
  expect(key()).toBe(legacy);
  expect(key({ lcbCompat: false })).toBe(legacy);
});

it('gives each required backend, and LiveCodeBench compatibility, keys of their own', () => {
  const keys = [
    key(),
    key({ lcbCompat: true }),
    key({ backend: 'cgroup1' }),
    key({ backend: 'cgroup2' }),
    key({ backend: 'rootless' }),
    key({ lcbCompat: true, backend: 'rootless' }),
  ];
  expect(new Set(keys).size).toBe(keys.length);
});
