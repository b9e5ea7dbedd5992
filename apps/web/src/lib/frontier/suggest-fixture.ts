import { COUNT_FIELDS, type StudyData } from '@frontier/core';

// Test data for the suggestion helpers: a study whose pass@1 along alpha is a parabola peaking
// at `peak` (exact counts, no noise), failures split 70/30 between correctness and optimization.

export function parabolaStudy(
  alphas: readonly number[],
  { peak = 0.6, problems = 12, samples = 20, scales = ['7B'] } = {},
): StudyData {
  const checkpoints = scales.flatMap((scale, si) =>
    alphas.map((alpha, i) => ({
      id: si * 100 + i + 1,
      name: `${scale} α=${alpha}`,
      role: alpha === 0 ? ('LOW' as const) : alpha === 1 ? ('HIGH' as const) : ('MERGED' as const),
      alpha,
      scale,
    })),
  );
  const cells = checkpoints.flatMap((c) =>
    Array.from({ length: problems }, (_, p) => {
      const rate = Math.min(0.95, Math.max(0.05, 0.6 - 0.3 * (c.alpha - peak) ** 2 + (p / (problems - 1) - 0.5) * 0.3));
      const solved = Math.round(rate * samples);
      const tle = Math.round(0.3 * (samples - solved));
      return { n: samples, solved, tle, wa: samples - solved - tle };
    }),
  );
  const counts = Object.fromEntries(
    COUNT_FIELDS.map((f) => [f, cells.map((c) => (c as Record<string, number | undefined>)[f] ?? 0)]),
  ) as StudyData['counts'];
  return {
    studyId: 1,
    dataVersion: 1,
    filters: {},
    checkpoints,
    problems: Array.from({ length: problems }, (_, i) => ({
      id: i,
      externalId: `p${i}`,
      title: '',
      difficulty: 'hard',
    })),
    counts,
  };
}
