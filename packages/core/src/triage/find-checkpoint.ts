import { lineAlpha } from '../checkpoint-role';
import type { StudyData } from '../study-data';

// Which checkpoint a person means by "--a 1.5" or "?a=alpha=2": scripts name checkpoints by
// their place on the alpha line (or, for an imported model off the line, by name), not by the
// database id the browser's links carry.

const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/**
 * The index in `data.checkpoints` of the checkpoint at alpha `spec` (a decimal), else the one
 * named `spec`; or why there is none or more than one (several model scales: filter by scale).
 */
export function findCheckpoint(
  data: Pick<StudyData, 'checkpoints'>,
  spec: string,
): { ok: true; index: number } | { ok: false; message: string } {
  const text = spec.trim();
  const list = (indices: number[]) =>
    indices
      .map((i) => `${JSON.stringify(data.checkpoints[i]!.name)} (scale ${JSON.stringify(data.checkpoints[i]!.scale)})`)
      .join(', ');
  let matches: number[] = [];
  if (DECIMAL.test(text)) {
    const alpha = Number(text);
    matches = data.checkpoints.flatMap((c, i) =>
      c.role !== 'INIT' && lineAlpha(c.role, c.alpha) === alpha ? [i] : [],
    );
  }
  if (matches.length === 0) matches = data.checkpoints.flatMap((c, i) => (c.name === text ? [i] : []));
  if (matches.length === 1) return { ok: true, index: matches[0]! };
  if (matches.length > 1)
    return {
      ok: false,
      message: `${JSON.stringify(text)} names ${matches.length} checkpoints: ${list(matches)}; choose a model scale`,
    };
  const alphas = [
    ...new Set(
      data.checkpoints.flatMap((c) => {
        const a = lineAlpha(c.role, c.alpha);
        return a === null || c.role === 'INIT' ? [] : [a];
      }),
    ),
  ].sort((x, y) => x - y);
  return {
    ok: false,
    message: `no checkpoint at alpha or named ${JSON.stringify(text)} in these data; the alphas are ${alphas.join(', ') || 'none'}`,
  };
}
