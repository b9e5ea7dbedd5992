import { parseAlphaList } from '@frontier/core';
import { CliError } from './errors';

// Flags that must be numbers: "abc", "", "1e999" and the like are refused by name.
export function parseNumber(flag: string, value: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n)) throw new CliError(`${flag} must be a number (got ${JSON.stringify(value)})`);
  return n;
}

export function parseInteger(flag: string, value: string, min = 1): number {
  const n = parseNumber(flag, value);
  if (!Number.isInteger(n) || n < min) throw new CliError(`${flag} must be an integer >= ${min} (got ${JSON.stringify(value)})`);
  return n;
}

/** --alphas by the same rule as the API's (range, count); the message names the item at fault. */
export function parseAlphasFlag(text: string): number[] {
  const parsed = parseAlphaList(text);
  if (!parsed.ok) throw new CliError(`--alphas: ${parsed.message}`);
  return parsed.alphas;
}
