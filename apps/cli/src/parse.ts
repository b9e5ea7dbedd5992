import {
  parseAlphaList,
  parseBackendChoice,
  parseSandboxBackend,
  type BackendChoice,
  type SandboxBackend,
} from '@frontier/core';
import { CliError } from './errors';

// Flags that must be numbers: "abc", "", "1e999" and the like are refused by name.
export function parseNumber(flag: string, value: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n))
    throw new CliError(`${flag} must be a number (got ${JSON.stringify(value)})`);
  return n;
}

export function parseInteger(flag: string, value: string, min = 1): number {
  const n = parseNumber(flag, value);
  if (!Number.isInteger(n) || n < min)
    throw new CliError(`${flag} must be an integer >= ${min} (got ${JSON.stringify(value)})`);
  return n;
}

/** --alphas by the same rule as the API's (range, count); the message names the item at fault. */
export function parseAlphasFlag(text: string): number[] {
  const parsed = parseAlphaList(text);
  if (!parsed.ok) throw new CliError(`--alphas: ${parsed.message}`);
  return parsed.alphas;
}

function orRefuse<T>(flag: string, r: { ok: true; value: T } | { ok: false; message: string }): T {
  if (!r.ok) throw new CliError(`${flag} ${r.message}`);
  return r.value;
}

/** `frontier judge --backend`: the sandbox backend, or auto (the strongest that works here). */
export const parseBackendFlag = (value: string): BackendChoice => orRefuse('--backend', parseBackendChoice(value));

/** `study create --judge-backend`: the one backend the study's samples must be judged with. */
export const parseJudgeBackendFlag = (value: string): SandboxBackend =>
  orRefuse('--judge-backend', parseSandboxBackend(value));
