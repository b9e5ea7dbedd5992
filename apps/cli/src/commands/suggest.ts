import type { Command } from 'commander';
import { alphaPointsOf, plural, roundAlpha, suggestAlphas, type Refinement } from '@frontier/core';
import { activeAlphas, findStudy, getStudyData, listStudyFacets } from '@frontier/db';
import { withDatabase } from '../database';
import { CliError } from '../errors';
import { addCurveFlags, type CurveFlags } from './curve-flags';

interface SuggestFlags extends CurveFlags {
  json?: boolean;
}

/**
 * The one value of a facet the curve is read from: the flag's, which must exist, or the only
 * one there is. Several without a choice are refused, since pass@k along alpha is one curve each.
 */
function chooseFacet(flag: string, what: string, given: string | undefined, values: readonly string[]): string | undefined {
  const list = values.map((v) => JSON.stringify(v)).join(', ') || 'none';
  if (given !== undefined && !values.includes(given)) throw new CliError(`${flag}: the study has no ${what} ${JSON.stringify(given)}; its ${what}s are ${list}`);
  if (given === undefined && values.length > 1) throw new CliError(`the study has ${values.length} ${what}s (${list}): choose one with ${flag}, since pass@k along alpha is one curve per ${what}`);
  return given;
}

const alphaText = (x: number) => roundAlpha(x).toFixed(2);

/** "best alpha 1.37 [1.20, 1.55] (pass@1 0.431 [0.412, 0.449]) over N problems and M evaluated alphas", or why there is none. */
function bestLine(r: Refinement): string {
  const { best } = r;
  if (!best) return `no best alpha yet: ${r.note ?? 'no estimate'}`;
  const pass = `pass@${r.k} ${best.passAtK.toFixed(3)} [${best.passLo.toFixed(3)}, ${best.passHi.toFixed(3)}]`;
  return `best alpha ${alphaText(best.alpha)} [${alphaText(best.lo)}, ${alphaText(best.hi)}] (${pass}) over ${plural(r.problems, 'problem')} and ${plural(r.evaluated.length, 'evaluated alpha')}`;
}

function table(r: Refinement): string {
  if (r.suggestions.length === 0) return `no alpha left to suggest in [${r.range.join(', ')}]: every one is evaluated, queued or too close to one\n`;
  const header = ['alpha', 'kind', 'reason'];
  const rows = r.suggestions.map((s) => [String(s.alpha), s.kind, s.reason]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  return [header, ...rows].map((row) => `${row.map((c, i) => c.padEnd(widths[i]!)).join('  ').trimEnd()}\n`).join('');
}

export function registerSuggest(program: Command): void {
  addCurveFlags(
    program
      .command('suggest')
      .description("propose the next alphas to evaluate (towards the best pass@k, the collapse of extrapolation, the frontier's widest gap), with the current best alpha; alphas queued or running are left out")
      .argument('<study>', 'study name or id'),
  )
    .option('--json', 'print only a JSON array of {"alpha", "reason"}, best first')
    .action(async (studyArg: string, flags: SuggestFlags) => {
      const refinement = await withDatabase(async ({ db }) => {
        const study = await findStudy(db, studyArg);
        if (!study) throw new CliError(`no study named ${JSON.stringify(studyArg)}: see \`frontier studies\``);
        const facets = await listStudyFacets(db, study.id);
        const setting = chooseFacet('--setting', 'inference setting', flags.setting, facets.settings);
        const scale = chooseFacet('--scale', 'model scale', flags.scale, facets.scales);
        const data = await getStudyData(db, study.id, { setting, scale });
        if (!data) throw new CliError(`study ${JSON.stringify(studyArg)} is gone`);
        const points = alphaPointsOf(data, scale);
        if (!points.ok) throw new CliError(points.message);
        const exclude = await activeAlphas(db.pool, study.id);
        return suggestAlphas(points.points, { k: flags.k, count: flags.count, range: flags.range, exclude });
      });
      if (flags.json) {
        const out = refinement.suggestions.map(({ alpha, reason }) => ({ alpha, reason }));
        process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
        return;
      }
      process.stdout.write(table(refinement));
      process.stdout.write(`${bestLine(refinement)}\n`);
    });
}
