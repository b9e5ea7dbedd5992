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
