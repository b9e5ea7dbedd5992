import { readFileSync } from 'node:fs';
import {
  exclusionReasonProblem,
  formatTimestamp,
  MAX_EXCLUSIONS_PER_REQUEST,
  nounFor,
  parseExclusionList,
  plural,
  type ExclusionListItem,
} from '@frontier/core';
import type { Command } from 'commander';
import { excludeProblems, findStudy, includeProblems, listExclusions, type ExclusionChange } from '@frontier/db';
import { withDatabase } from '../database';
import { env } from '../env';
import { asCliError, CliError } from '../errors';
import { serverJson, serverStudyId, type ServerTarget } from '../server-api';
import { textTable } from '../text-table';

interface ExcludeFlags {
  reason?: string;
  remove?: boolean;
  list?: boolean;
  json?: boolean;
  fromFile?: string;
  server?: string;
  token?: string;
}

interface Listed {
  externalId: string;
  title: string;
  reason: string;
  by: string | null;
  at: string;
}

type Action =
  | { kind: 'list' }
  | { kind: 'exclude'; items: { externalId: string; reason: string }[] }
  | { kind: 'remove'; ids: string[] };

/** What the flags ask for, or a CliError saying what to change. */
export function excludeAction(ids: readonly string[], flags: ExcludeFlags): Action {
  if (flags.token !== undefined && flags.server === undefined)
    throw new CliError('--token goes with --server URL (a local database needs no token)');
  if (flags.json && !flags.list) throw new CliError('--json goes with --list');
  const given = (names: [string, boolean][]) => names.filter(([, on]) => on).map(([name]) => name);
  if (flags.list) {
    const extra = given([
      ['problem ids', ids.length > 0],
      ['--reason', flags.reason !== undefined],
      ['--remove', flags.remove === true],
      ['--from-file', flags.fromFile !== undefined],
    ]);
    if (extra.length) throw new CliError(`--list shows the study's exclusions: leave out ${extra.join(', ')}`);
    return { kind: 'list' };
  }
  if (flags.fromFile !== undefined) {
    const extra = given([
      ['problem ids', ids.length > 0],
      ['--reason', flags.reason !== undefined],
      ['--remove', flags.remove === true],
    ]);
    if (extra.length)
      throw new CliError(`--from-file FILE takes each problem and its reason from FILE: leave out ${extra.join(', ')}`);
    return { kind: 'exclude', items: readList(flags.fromFile) };
  }
  if (ids.length > MAX_EXCLUSIONS_PER_REQUEST)
    throw new CliError(`name at most ${MAX_EXCLUSIONS_PER_REQUEST} problems at once (or use --from-file FILE)`);
  if (flags.remove) {
    if (flags.reason !== undefined) throw new CliError('--remove counts problems again: leave out --reason');
    if (ids.length === 0) throw new CliError('--remove needs the ids of the problems to count again');
    return { kind: 'remove', ids: [...ids] };
  }
  if (ids.length === 0)
    throw new CliError(
      'name the problems to exclude (frontier exclude STUDY ID... --reason TEXT), or use --list, --remove or --from-file FILE',
    );
  if (flags.reason === undefined)
    throw new CliError('--reason is required: say why the problems are left out, e.g. --reason "interactive problem"');
  const problem = exclusionReasonProblem(flags.reason);
  if (problem) throw new CliError(`--reason ${problem}`);
  return { kind: 'exclude', items: ids.map((externalId) => ({ externalId, reason: flags.reason!.trim() })) };
}

function readList(file: string): ExclusionListItem[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new CliError(`cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  const parsed = parseExclusionList(text);
  if (!parsed.ok) throw new CliError(`${file} line ${parsed.line}: ${parsed.message}; nothing was excluded`);
  return parsed.items;
}

/** The same three operations on the local database or through a server's API. */
interface Exclusions {
  list(): Promise<Listed[]>;
  exclude(items: { externalId: string; reason: string }[]): Promise<ExclusionChange>;
  remove(ids: string[]): Promise<ExclusionChange>;
}

async function here<T>(studyArg: string, work: (x: Exclusions) => Promise<T>): Promise<T> {
  return withDatabase(async ({ db }) => {
    const study = await findStudy(db, studyArg);
    if (!study) throw new CliError(`no study named ${JSON.stringify(studyArg)}: see \`frontier studies\``);
    return work({
      list: async () => (await listExclusions(db, study.id)).map((x) => ({ ...x, at: x.at.toISOString() })),
      exclude: (items) => excludeProblems(db, study.id, items, null).catch(asCliError),
      remove: (ids) => includeProblems(db, study.id, ids).catch(asCliError),
    });
  });
}

async function there<T>(target: ServerTarget, studyArg: string, work: (x: Exclusions) => Promise<T>): Promise<T> {
  const path = `api/studies/${await serverStudyId(target, studyArg)}/exclusions`;
  return work({
    list: async () => ((await serverJson(target, 'GET', path)) as { exclusions: Listed[] }).exclusions,
    exclude: async (items) =>
      (await serverJson(target, 'POST', path, {
        problems: items.map((i) => ({ id: i.externalId, reason: i.reason })),
      })) as ExclusionChange,
    remove: async (ids) => (await serverJson(target, 'DELETE', path, { problems: ids })) as ExclusionChange,
  });
}

function printList(rows: Listed[], studyArg: string, json: boolean): void {
  if (json) {
    const out = rows.map((x) => ({ problem_id: x.externalId, title: x.title, reason: x.reason, by: x.by, at: x.at }));
    process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
    return;
  }
  if (rows.length === 0) {
    process.stdout.write(`no problem is excluded from study ${JSON.stringify(studyArg)}\n`);
    return;
  }
  process.stdout.write(
    textTable(
      ['problem', 'reason', 'by', 'excluded'],
      rows.map((x) => [x.externalId, x.reason, x.by ?? '-', formatTimestamp(x.at)]),
    ),
  );
}

function describe(action: Action, change: ExclusionChange, studyArg: string): string {
  const study = JSON.stringify(studyArg);
  if (action.kind === 'exclude') {
    const same = action.items.length - change.changed;
    const unchanged = same > 0 ? ` (${plural(same, 'was', 'were')} excluded already with that reason)` : '';
    return `excluded ${plural(change.changed, 'problem')} from study ${study}${unchanged}: every number leaves ${nounFor(action.items.length, 'it', 'them')} out (data version ${change.dataVersion})\n`;
  }
  if (action.kind === 'remove') {
    const ids = action.ids.length;
    const not = ids - change.changed > 0 ? ` (${plural(ids - change.changed, 'was', 'were')} not excluded)` : '';
    return `counted ${plural(change.changed, 'problem')} again in study ${study}${not} (data version ${change.dataVersion})\n`;
  }
  return '';
}

export function registerExclude(program: Command): void {
  program
    .command('exclude')
    .description(
      "leave problems out of every number of a study (known-bad problems such as LiveCodeBench's errata), with a reason; list them, or count them again",
    )
    .argument('<study>', 'study name or id')
    .argument('[ids...]', 'problem ids as the solve matrix and exports show them')
    .option('--reason <text>', 'why the problems are left out (required when excluding by id)')
    .option('--remove', 'count the problems again')
    .option('--list', "print the study's exclusions: problem, reason, who excluded it, when")
    .option('--json', 'with --list: a JSON array of {problem_id, title, reason, by, at}')
    .option(
      '--from-file <file>',
      'exclude the problems FILE lists, all or none: one `ID reason` a line (tab or spaces between), # comment lines, blank lines',
    )
    .option('--server <url>', "work on a Frontier Explorer server's study through its API instead of the database")
    .option(
      '--token <token>',
      "with --server: an API token (an editor's to change exclusions; default: $FRONTIER_TOKEN; `frontier token create EMAIL`)",
    )
    .action(async (studyArg: string, ids: string[], flags: ExcludeFlags) => {
      const action = excludeAction(ids, flags);
      const work = async (x: Exclusions) => {
        if (action.kind === 'list') return printList(await x.list(), studyArg, flags.json === true);
        const change = action.kind === 'exclude' ? await x.exclude(action.items) : await x.remove(action.ids);
        process.stdout.write(describe(action, change, studyArg));
      };
      if (flags.server === undefined) await here(studyArg, work);
      else await there({ server: flags.server, token: flags.token ?? env().FRONTIER_TOKEN }, studyArg, work);
    });
}
