import 'server-only';
import type { FrontierPoint, FrontierResponse } from '../lib/api-types';
import { filtersToSearch, type Filters } from '../lib/filters';
import type { StudyData } from '../lib/study-data';
import { checkpointRates, type ProblemOutcomeCounts } from '@frontier/core';
import { getFacets } from './facets';
import { getStudy } from './studies';
import { getStudyData } from './study-data';
import { cachedByVersion, studyVersion } from './versioned-cache';

// The frontier is derived from the study data (per checkpoint and problem, the verdict counts of
// every run matching the filters, pooled), so both views read the same numbers from one query.
// Which verdicts are correctness or optimization failures is @frontier/core's business.
function toPoints(data: StudyData): FrontierPoint[] {
  const P = data.problems.length;
  const { n, solved, wa, tle, mle, re, ce, ole } = data.counts;
  const points: FrontierPoint[] = [];
  data.checkpoints.forEach((c, ci) => {
    const problems: ProblemOutcomeCounts[] = [];
    let samples = 0;
    for (let p = 0; p < P; p++) {
      const i = ci * P + p;
      if (n[i]! < 0) continue; // no run data for this problem
      problems.push({ n: n[i]!, solved: solved[i]!, counts: { WA: wa[i]!, TLE: tle[i]!, MLE: mle[i]!, RE: re[i]!, CE: ce[i]!, OLE: ole[i]! } });
      samples += n[i]!;
    }
    if (problems.length === 0) return;
    const rates = checkpointRates(problems);
    if (rates.problems === 0) return;
    points.push({ checkpointId: c.id, name: c.name, role: c.role, alpha: c.alpha, scale: c.scale, ...rates, n: samples });
  });
  return points.sort(
    (a, b) => a.scale.localeCompare(b.scale) || (a.alpha ?? -Infinity) - (b.alpha ?? -Infinity) || a.checkpointId - b.checkpointId,
  );
}

/** The frontier of one study under the filters, with the facets the filters can take. */
export async function getFrontier(studyId: number, filters: Filters): Promise<FrontierResponse> {
  return cachedByVersion(`frontier:${studyId}${filtersToSearch(filters)}`, await studyVersion(studyId), () => readFrontier(studyId, filters));
}

async function readFrontier(studyId: number, filters: Filters): Promise<FrontierResponse> {
  const [study, data, facets] = await Promise.all([getStudy(studyId), getStudyData(studyId, filters), getFacets(studyId)]);
  const points = toPoints(data);
  return {
    study: { id: study.id, name: study.name, description: study.description, origin: study.origin },
    filters,
    facets,
    points,
    // The study data lists every checkpoint the filters select (the scale filter is the only one
    // on checkpoints), with or without data.
    checkpointsWithoutData: data.checkpoints.length - points.length,
  };
}
