import { createHash } from 'node:crypto';
import { expect, it } from 'vitest';
import { JUDGE_VERSION } from '@frontier/judge';
import { programKey } from './judge-benchmark';

const key = (how?: Parameters<typeof programKey>[3], version?: number) =>
  programKey('problem', 'python', 'print(1)', how, version);

it('never gives the key a program had before judge versions existed, so no older verdict is reused', () => {
  const legacy = createHash('sha256').update('problem\0python\0print(1)').digest('hex');
  expect(key()).not.toBe(legacy);
  expect(key()).toBe(createHash('sha256').update(`problem\0python\0print(1)\0judge=${JUDGE_VERSION}`).digest('hex'));
  expect(key({ lcbCompat: false })).toBe(key());
});

it('gives each judge version a key of its own', () => {
  expect(key(undefined, JUDGE_VERSION + 1)).not.toBe(key());
  expect(key({ backend: 'rootless' }, JUDGE_VERSION + 1)).not.toBe(key({ backend: 'rootless' }));
  expect(key(undefined, JUDGE_VERSION)).toBe(key());
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
