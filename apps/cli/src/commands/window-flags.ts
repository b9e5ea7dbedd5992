import type { Command } from 'commander';
import { plural, releaseDayProblem, releaseWindowProblem, type ReleaseWindow } from '@frontier/core';
import { CliError } from '../errors';

// --from / --to: the release-date window the web views take as ?from=&to=, for the commands that
// read a study's problems (export, triage, suggest, refine).

export interface WindowFlags {
  from?: string;
  to?: string;
}

function parseDay(flag: string) {
  return (value: string): string => {
    const problem = releaseDayProblem(value);
    if (problem) throw new CliError(`${flag} ${problem} (got ${JSON.stringify(value)})`);
    return value;
  };
}

export function addWindowFlags(command: Command): Command {
  return command
    .option(
      '--from <YYYY-MM-DD>',
      'only problems released on or after this UTC day (by their release date; problems without one are left out)',
      parseDay('--from'),
    )
    .option(
      '--to <YYYY-MM-DD>',
      'only problems released on or before this UTC day (problems without a release date are left out)',
      parseDay('--to'),
    );
}

/** The window of the flags (each already a valid day); a CliError when --from is after --to. */
export function windowOf(flags: WindowFlags): ReleaseWindow {
  const window: ReleaseWindow = {};
  if (flags.from !== undefined) window.from = flags.from;
  if (flags.to !== undefined) window.to = flags.to;
  const problem = releaseWindowProblem(window);
  if (problem) throw new CliError(`--from / --to: ${problem}`);
  return window;
}

/** The note a windowed command prints on standard error, or '' when nothing was left out. */
export function undatedNote(undated: number): string {
  return undated > 0 ? `${plural(undated, 'problem')} without a release date left out of the window\n` : '';
}
