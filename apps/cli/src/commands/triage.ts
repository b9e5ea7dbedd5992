import { Option, type Command } from 'commander';
import {
  compareCheckpoints,
  DEFAULT_SOLVED_RULE,
  DEFAULT_TRIAGE_Q,
  describeSolvedRule,
  findCheckpoint,
  formatSolvedRule,
  parseSolvedRule,
  triageRecords,
  type CheckpointComparison,
  type SolvedRule,
} from '@frontier/core';
import { findStudy, getStudyData } from '@frontier/db';
import { withDatabase } from '../database';
import { CliError } from '../errors';
import { textTable } from '../text-table';
import { addWindowFlags, undatedNote, windowOf, type WindowFlags } from './window-flags';

interface TriageFlags extends WindowFlags {
  a: string;
  b: string;
  setting?: string;
  scale?: string;
  difficulty?: string;
  q: number;
  solved: SolvedRule;
  json?: boolean;
}

function parseQ(value: string): number {
  const q = Number(value);
  if (value.trim() === '' || !(q > 0 && q <= 1))
    throw new CliError(
      `--q must be a false discovery rate above 0 and at most 1, such as 0.05 (got ${JSON.stringify(value)})`,
    );
  return q;
}

function parseSolved(value: string): SolvedRule {
  const parsed = parseSolvedRule(value);
  if (!parsed.ok) throw new CliError(`--solved ${parsed.message}`);
  return parsed.rule;
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const pts = (x: number) => `${x >= 0 ? '+' : '-'}${Math.abs(x * 100).toFixed(1)}`;
const pText = (p: number) => (p >= 0.001 ? p.toFixed(3) : p.toExponential(1));

function summary(c: CheckpointComparison, a: string, b: string): string {
  const d = c.difference;
  const rule = describeSolvedRule(c.rule);
  return [
    `A = ${a}, B = ${b}: ${c.significant} of ${c.problems} problem${c.problems === 1 ? '' : 's'} differ at q < ${c.threshold}` +
      (c.excluded > 0 ? ` (${c.excluded} left out: no judged sample on one side)` : ''),
    `solve rate A - B ${pts(d.estimate)} pts, 95% CI [${pts(d.lo)}, ${pts(d.hi)}] (paired bootstrap over problems); ` +
      `solved (${rule}) by A only ${c.mcnemar.b}, by B only ${c.mcnemar.c}, exact McNemar p ${pText(c.mcnemar.p)}`,
    "per problem: Fisher's exact test of c/n, two-sided; q: Benjamini-Hochberg over the problems compared; diff with Newcombe's 95% interval",
  ]
    .map((line) => `${line}\n`)
    .join('');
}

export function registerTriage(program: Command): void {
  const command = program
    .command('triage')
    .description(
      "compare two checkpoints problem by problem: each problem's solve rates by Fisher's exact test, Benjamini-Hochberg q-values over the problems, ranked by q then by the size of the difference",
    )
    .argument('<study>', 'study name or id')
    .requiredOption('--a <alpha>', 'checkpoint A: its alpha (or its name, for a model off the alpha line)')
    .requiredOption('--b <alpha>', 'checkpoint B: its alpha (or its name)')
    .option('--setting <name>', 'only this inference setting (default: all settings pooled)')
    .option('--scale <name>', 'only this model scale (needed when several scales share an alpha)')
    .option('--difficulty <name>', 'only problems of this difficulty');
  addWindowFlags(command)
    .option('--q <rate>', 'false discovery rate at which a problem is called different', parseQ, DEFAULT_TRIAGE_Q)
    .addOption(
      new Option(
        '--solved <rule>',
        'when a checkpoint solves a problem, for the McNemar summary: rate-TAU (c/n >= TAU), passK-TAU (pass@K >= TAU) or any (c > 0)',
      )
        .argParser(parseSolved)
        .default(DEFAULT_SOLVED_RULE, formatSolvedRule(DEFAULT_SOLVED_RULE)),
    )
    .option('--json', 'print only a JSON array, one object per compared problem in queue order (significant or not)')
    .action(async (studyArg: string, flags: TriageFlags) => {
      const result = await withDatabase(async ({ db }) => {
        const study = await findStudy(db, studyArg);
        if (!study) throw new CliError(`no study named ${JSON.stringify(studyArg)}: see \`frontier studies\``);
        const filters = {
          setting: flags.setting,
          scale: flags.scale,
          difficulty: flags.difficulty,
          ...windowOf(flags),
        };
        const data = await getStudyData(db, study.id, filters);
        if (!data) throw new CliError(`study ${JSON.stringify(studyArg)} is gone`);
        process.stderr.write(undatedNote(data.undated ?? 0));
        if (data.problems.length === 0)
          throw new CliError(
            `study ${JSON.stringify(studyArg)} has no problem under these filters (${
              Object.entries(filters)
                .filter(([, v]) => v !== undefined)
                .map(([k, v]) => `--${k} ${JSON.stringify(v)}`)
                .join(' ') || 'none'
            })`,
          );
        const side = (flag: string, spec: string) => {
          const found = findCheckpoint(data, spec);
          if (!found.ok) throw new CliError(`${flag}: ${found.message}`);
          return found.index;
        };
        const [ia, ib] = [side('--a', flags.a), side('--b', flags.b)];
        const name = (i: number) => data.checkpoints[i]!.name;
        return {
          comparison: compareCheckpoints(data, ia, ib, { rule: flags.solved, threshold: flags.q }),
          a: name(ia),
          b: name(ib),
        };
      });
      const records = triageRecords(result.comparison);
      if (flags.json) {
        process.stdout.write(`${JSON.stringify(records, null, 2)}\n`);
        return;
      }
      process.stdout.write(summary(result.comparison, result.a, result.b));
      const rows = records.map((r, i) => [
        String(i + 1),
        r.problem_id,
        `${r.a_c}/${r.a_n}`,
        pct(r.a_c / r.a_n),
        `${r.b_c}/${r.b_n}`,
        pct(r.b_c / r.b_n),
        `${pts(r.diff)} [${pts(r.diff_lo)}, ${pts(r.diff_hi)}]`,
        pText(r.p),
        pText(r.q),
        r.significant ? '*' : '',
      ]);
      process.stdout.write(
        textTable(
          [
            '#',
            'problem',
            'A c/n',
            'A rate',
            'B c/n',
            'B rate',
            'A-B pts [95% CI]',
            'p',
            'q',
            `q<${result.comparison.threshold}`,
          ],
          rows,
          [0, 2, 3, 4, 5, 7, 8],
        ),
      );
    });
}
