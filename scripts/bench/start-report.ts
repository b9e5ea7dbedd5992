// bench:start's report of what the demo study shows, from its data in the database: the frontier
// table (hard problems and all problems, as the README shows it) and issue 42's four properties
// on the hard problems, checked as packages/minilab's test checks them on the reproduced draws.
import { alphaPointsOf, type AlphaPoint } from '@frontier/core';
import { createDb, getStudyData } from '@frontier/db';
import { demoPhenomenon, describePhenomenon, pointRates } from '@frontier/minilab';

async function pointsOf(databaseUrl: string, studyId: number, difficulty?: string): Promise<AlphaPoint[]> {
  const db = createDb(databaseUrl, { max: 1 });
  try {
    const data = await getStudyData(db, studyId, difficulty ? { difficulty } : {});
    const points = data && alphaPointsOf(data);
    if (!points?.ok) throw new Error(`study ${studyId}: ${points ? points.message : 'not found'}`);
    return points.points;
  } finally {
    await db.close();
  }
}

const endpoint = (alpha: number) => (alpha === 0 ? ' (low endpoint)' : alpha === 1 ? ' (high endpoint)' : '');

export async function printDemoReport(databaseUrl: string, studyId: number): Promise<void> {
  const [hard, all] = await Promise.all([pointsOf(databaseUrl, studyId, 'hard'), pointsOf(databaseUrl, studyId)]);
  const rates = (p: AlphaPoint) => {
    const r = pointRates(p);
    return [r.solveRate, r.correctnessRate, r.optimizationRate].map((x) => x.toFixed(3)).join(' | ');
  };
  console.log("\nthe demo study, means over problems of each checkpoint's 64 samples per problem:\n");
  console.log(
    '| alpha | hard: solve rate | correctness failures | optimization failures | all: solve rate | correctness failures | optimization failures |',
  );
  console.log('| ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const p of hard) {
    const a = all.find((q) => q.alpha === p.alpha);
    console.log(`| ${p.alpha}${endpoint(p.alpha)} | ${rates(p)} | ${a ? rates(a) : '- | - | -'} |`);
  }
  console.log("\nissue 42's properties on the hard problems:");
  for (const line of describePhenomenon(demoPhenomenon(hard))) console.log(`  ${line}`);
}
