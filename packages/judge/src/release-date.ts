import { parseIsoDate } from '@frontier/core';
import { JudgeInputError } from './errors';

/** A problem's optional release date from a benchmark file: an ISO date (a zone-less date-time is UTC). */
export function parseReleaseDate(raw: unknown, field: string, where: string): Date | undefined {
  if (raw === undefined || raw === null) return undefined;
  const date = typeof raw === 'string' ? parseIsoDate(raw) : null;
  if (date === null)
    throw new JudgeInputError(`${where}: ${field} must be an ISO date such as 2024-05-01, got ${JSON.stringify(raw)}`);
  return date;
}
