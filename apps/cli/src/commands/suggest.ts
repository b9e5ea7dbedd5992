import type { Command } from 'commander';
import {
  alphaPointsOf,
  intervalText,
  plural,
  RANGE_MARGIN,
  roundAlpha,
  suggestAlphas,
  type Refinement,
} from '@frontier/core';
import { activeAlphas, findStudy, getStudyData, listStudyFacets } from '@frontier/db';
import { withDatabase } from '../database';
import { CliError } from '../errors';
import { addCurveFlags, type CurveFlags } from './curve-flags';
import { textTable } from '../text-table';
import { addWindowFlags, undatedNote, windowOf, type WindowFlags } from './window-flags';

interface SuggestFlags extends CurveFlags, WindowFlags {
  json?: boolean;
  withBest?: boolean;
}

/**
 * The one value of a facet the curve is read from: the flag's, which must exist, or the only
 * one there is. Several without a choice are refused, since pass@k along alpha is one curve each.
 */
function chooseFacet(
  flag: string,
  what: string,
  given: string | undefined,
  values: readonly string[],
): string | undefined {
  const list = values.map((v) => JSON.stringify(v)).join(', ') || 'none';
  if (given !== undefined && !values.includes(given))
    throw new CliError(`${flag}: the study has no ${what} ${JSON.stringify(given)}; its ${what}s are ${list}`);
  if (given === undefined && values.length > 1)
    throw new CliError(
      `the study has ${values.length} ${what}s (${list}): choose one with ${flag}, since pass@k along alpha is one curve per ${what}`,
    );
  return given;
}

const alphaText = (x: number) => roundAlpha(x).toFixed(2);

/**
 * "best alpha 1.37 [1.20, 1.55] (pass@1 0.431 [0.412, 0.449]) over N problems and M evaluated
 * alphas", or why there is none; an interval open on a side says so on the next line.
 */
function bestLines(r: Refinement): string {
  const { best } = r;
  if (!best) return `no best alpha yet: ${r.note ?? 'no estimate'}\n`;
  const pass = `pass@${r.k} ${best.passAtK.toFixed(3)} [${best.passLo.toFixed(3)}, ${best.passHi.toFixed(3)}]`;
  const line = `best alpha ${alphaText(best.alpha)} ${intervalText(best, alphaText)} (${pass}) over ${plural(r.problems, 'problem')} and ${plural(r.evaluated.length, 'evaluated alpha')}\n`;
  return best.beyond ? `${line}  open interval: ${best.beyond}\n` : line;
}

/** Where proposals went, and which alphas the surrogate left out as collapsed. */
function contextLines(r: Refinement, given: boolean): string {
  const range = `range [${r.range.join(', ')}] (${given ? '--range' : `default: the evaluated alphas and both endpoints, ${RANGE_MARGIN} wider on each side`})\n`;
  if (r.collapsed.length === 0 || r.collapseBelow === null) return range;
  const list = r.collapsed.map((a) => String(roundAlpha(a))).join(', ');
  return `${range}collapsed (past an endpoint, pass@${r.k} below ${r.collapseBelow.toFixed(3)}, half the best; not fitted): alphas ${list}\n`;
}

/** What --json --with-best prints: everything a script needs to act and to know when to stop. */
function jsonReport(r: Refinement) {
  const { k, range, evaluated, live, collapsed, collapseBelow, problems, best, note } = r;
  return {
    k,
    range,
    evaluated,
    live,
    collapsed,
    collapseBelow,
    problems,
    best,
    suggestions: r.suggestions.map(({ alpha, kind, reason }) => ({ alpha, kind, reason })),
    ...(note && { note }),
  };
}

function table(r: Refinement): string {
  if (r.suggestions.length === 0)
    return `no alpha left to suggest in [${r.range.join(', ')}]: every one is evaluated, queued or too close to one\n`;
  const header = ['alpha', 'kind', 'reason'];
  return textTable(
    header,
    r.suggestions.map((s) => [String(s.alpha), s.kind, s.reason]),
  );
}

export function registerSuggest(program: Command): void {
  addWindowFlags(
    addCurveFlags(
      program
        .command('suggest')
        .description(
          "propose the next alphas to evaluate (towards the best pass@k, the collapse of extrapolation, the frontier's widest gap), with the current best alpha; alphas queued or running are left out",
        )
        .argument('<study>', 'study name or id'),
    ),
  )
    .option('--json', 'print only a JSON array of {"alpha", "kind", "reason"}, best first')
    .option(
      '--with-best',
      'with --json: print an object instead, {"best", "suggestions", "range", "k", "evaluated", "live", "collapsed", ...}, so a script also reads the best alpha and its interval',
    )
    .action(async (studyArg: string, flags: SuggestFlags) => {
      if (flags.withBest && !flags.json)
        throw new CliError(
          '--with-best changes what --json prints: add --json, or leave it out (the table ends with the best alpha)',
        );
      const refinement = await withDatabase(async ({ db }) => {
        const study = await findStudy(db, studyArg);
        if (!study) throw new CliError(`no study named ${JSON.stringify(studyArg)}: see \`frontier studies\``);
        const facets = await listStudyFacets(db, study.id);
        const setting = chooseFacet('--setting', 'inference setting', flags.setting, facets.settings);
        const scale = chooseFacet('--scale', 'model scale', flags.scale, facets.scales);
        const data = await getStudyData(db, study.id, { setting, scale, ...windowOf(flags) });
        if (!data) throw new CliError(`study ${JSON.stringify(studyArg)} is gone`);
        process.stderr.write(undatedNote(data.undated ?? 0));
        const points = alphaPointsOf(data, scale);
        if (!points.ok) throw new CliError(points.message);
        const exclude = await activeAlphas(db.pool, study.id);
        return suggestAlphas(points.points, { k: flags.k, count: flags.count, range: flags.range, exclude });
      });
      if (flags.json) {
        const out = flags.withBest
          ? jsonReport(refinement)
          : refinement.suggestions.map(({ alpha, kind, reason }) => ({ alpha, kind, reason }));
        process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
        return;
      }
      process.stdout.write(table(refinement));
      process.stdout.write(bestLines(refinement));
      process.stdout.write(contextLines(refinement, flags.range !== undefined));
    });
}
