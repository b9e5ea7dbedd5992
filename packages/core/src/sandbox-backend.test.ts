import { expect, it } from 'vitest';
import { BACKEND_CHOICES, parseBackendChoice, parseSandboxBackend, SANDBOX_BACKENDS } from './sandbox-backend';

it('lists the backends, and auto before them among the choices', () => {
  expect(SANDBOX_BACKENDS).toEqual(['cgroup1', 'cgroup2', 'rootless']);
  expect(BACKEND_CHOICES).toEqual(['auto', 'cgroup1', 'cgroup2', 'rootless']);
});

it('reads a choice ignoring case and spaces, and names the allowed values otherwise', () => {
  expect(parseBackendChoice(' Rootless ')).toEqual({ ok: true, value: 'rootless' });
  expect(parseBackendChoice('auto')).toEqual({ ok: true, value: 'auto' });
  expect(parseBackendChoice('cgroup3')).toEqual({
    ok: false,
    message: 'must be one of auto, cgroup1, cgroup2, rootless (got "cgroup3")',
  });
  expect(parseBackendChoice('').ok).toBe(false);
});

it('takes no auto where one backend is meant', () => {
  expect(parseSandboxBackend('cgroup2')).toEqual({ ok: true, value: 'cgroup2' });
  expect(parseSandboxBackend('auto')).toEqual({
    ok: false,
    message: 'must be one of cgroup1, cgroup2, rootless (got "auto")',
  });
});
