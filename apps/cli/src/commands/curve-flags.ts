import type { Command } from 'commander';
import { ALPHA_RANGE, parsePassK, RANGE_MARGIN, REFINE_DEFAULTS } from '@frontier/core';
import { CliError } from '../errors';
import { parseInteger, parseNumber } from '../parse';

// The flags `suggest` and `refine` share: which pass@k curve along alpha (k, setting, scale) and
// where new alphas may go (range, count per round). Without --range, core's default range of the
// evaluated alphas applies, as in the web panel.

export interface CurveFlags {
  k: number;
  count: number;
  range?: [number, number];
  setting?: string;
  scale?: string;
}

/** "lo,hi" with lo < hi, within the alphas anything may evaluate. */
export function parseRangeFlag(text: string): [number, number] {
  const parts = text.split(',');
  if (parts.length !== 2)
    throw new CliError(`--range must be two alphas "low,high", e.g. -1,2 (got ${JSON.stringify(text)})`);
  const [lo, hi] = parts.map((p) => parseNumber('--range', p.trim())) as [number, number];
  const [min, max] = ALPHA_RANGE;
  if (!(lo < hi)) throw new CliError(`--range: the low end must be below the high end (got ${JSON.stringify(text)})`);
  if (lo < min || hi > max)
    throw new CliError(`--range must lie within [${min}, ${max}] (got ${JSON.stringify(text)})`);
  return [lo, hi];
}

/** --k by the rule the Frontier tab's input and ?k= follow (the samples per problem are checked once the data is read). */
export function parseKFlag(value: string): number {
  const k = parsePassK(value);
  if (!k.ok) throw new CliError(`--k: ${k.message}`);
  return k.k;
}

export function parseCountFlag(value: string): number {
  const n = parseInteger('--count', value);
  if (n > 20) throw new CliError(`--count must be at most 20 (got ${JSON.stringify(value)})`);
  return n;
}

export function addCurveFlags(command: Command): Command {
  return command
    .option('--k <k>', 'maximise pass@k', parseKFlag, REFINE_DEFAULTS.k)
    .option('--count <n>', 'alphas to propose (per round)', parseCountFlag, REFINE_DEFAULTS.count)
    .option(
      '--range <lo,hi>',
      `where alphas may be proposed (default: the evaluated alphas and both endpoints, ${RANGE_MARGIN} wider on each side)`,
      parseRangeFlag,
    )
    .option('--setting <name>', 'the inference setting whose curve is read')
    .option('--scale <name>', 'the model scale whose curve is read');
}
