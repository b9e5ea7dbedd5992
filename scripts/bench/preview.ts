// npm run bench:preview - issue 38's link-preview benchmark (not a timed test: it prints, whatever
// the figures): how long a share's preview image (/s/TOKEN/preview.png) takes to render, the first
// time in a process (font files read, the native rasteriser warmed up) and warm, for a Frontier
// share of a study the demo's size and of a big one, each next to a baseline measured in the same
// run: reading that share's row (payload included) from Postgres, which every first render does
// anyway. A cached image costs one existence query (also printed).
//   BENCH_RENDERS (default 5) warm renders per share; DATABASE_URL (a throwaway database is made on
//   that server; else an embedded Postgres in a temp dir).
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createDb,
  findShare,
  getStudyData,
  importStudy,
  insertShare,
  listStudyFacets,
  migrate,
  recomputeAggregates,
  shareExists,
  studyImportFromFile,
  type Db,
} from '@frontier/db';
import { writeSyntheticSweep } from '@frontier/formats';
import { DEMO_ALPHAS } from '@frontier/minilab';
import { previewSvg } from '../../apps/web/src/lib/preview/preview-svg';
import { sharePreview } from '../../apps/web/src/lib/share/share-preview';
import type { SharePayload } from '../../apps/web/src/lib/share/share';
import { rasterise } from '../../apps/web/src/server/preview-raster';

import { throwawayDatabase } from './throwaway-database';

const RENDERS = Number(process.env.BENCH_RENDERS ?? 5);

interface Case {
  label: string;
  problems: number;
  alphas: number[];
  samples: number;
}

const CASES: Case[] = [
  // The demo lab study's shape: its 24 minilab problems on its 13-alpha grid.
  { label: 'demo-sized (24 problems x 13 checkpoints)', problems: 24, alphas: [...DEMO_ALPHAS], samples: 64 },
  {
    label: 'big (500 problems x 33 checkpoints)',
    problems: 500,
    alphas: Array.from({ length: 33 }, (_, i) => Number((-1 + i * 0.125).toFixed(3))),
    samples: 16,
  },
];

const cleanups: (() => unknown)[] = [];
async function cleanUp() {
  for (let undo = cleanups.pop(); undo; undo = cleanups.pop()) {
    await Promise.resolve()
      .then(undo)
      .catch((err: unknown) => console.error(`clean-up: ${(err as Error).message}`));
  }
}

/** Imports a synthetic sweep and pins its Frontier view as a share, as POST /api/shares would. */
async function pinFrontier(db: Db, tmp: string, c: Case, index: number): Promise<{ token: string; studyId: number }> {
  const sweep = await writeSyntheticSweep({
    dir: join(tmp, `sweep-${index}`),
    problems: c.problems,
    samplesPerCheckpoint: c.samples,
    alphas: c.alphas,
    codeBytes: 40,
  });
  const name = `Preview bench ${index}`;
  const summary = await importStudy(db, await studyImportFromFile(sweep.manifestPath, { study: name }));
  await recomputeAggregates(db, summary.runIds);
  const facets = await listStudyFacets(db, summary.studyId);
  const data = (await getStudyData(db, summary.studyId, {}))!;
  const payload: SharePayload = { facets, datasets: { '': data }, queries: [] };
  const token = `bench-preview-token-${index}-000000`;
  await insertShare(db, {
    token,
    studyId: summary.studyId,
    view: `/studies/${summary.studyId}?alpha=0.5`,
    dataVersion: data.dataVersion,
    payloadJson: JSON.stringify(payload),
    createdById: null,
  });
  return { token, studyId: summary.studyId };
}

async function ms<T>(fn: () => Promise<T> | T): Promise<{ value: T; ms: number }> {
  const t0 = performance.now();
  const value = await fn();
  return { value, ms: performance.now() - t0 };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const fmt = (x: number) => `${x.toFixed(1)} ms`.padStart(10);

async function main() {
  const tmp = mkdtempSync(join(tmpdir(), 'bench-preview-'));
  cleanups.push(() => rmSync(tmp, { recursive: true, force: true }));
  chmodSync(tmp, 0o755); // the embedded Postgres runs as its own user when we are root
  const url = await throwawayDatabase(tmp, 'bench_preview', cleanups);
  const db = createDb(url);
  cleanups.push(() => db.close());
  await migrate(db.pool);
  console.log(
    `bench:preview - ${RENDERS} warm renders per share, medians; baseline: the share's row read from Postgres\n`,
  );
  for (const [i, c] of CASES.entries()) {
    const { token } = await pinFrontier(db, tmp, c, i);
    const reads: number[] = [];
    let share = (await findShare(db, token))!;
    for (let r = 0; r < RENDERS; r++) {
      const t = await ms(() => findShare(db, token));
      reads.push(t.ms);
      share = t.value!;
    }
    const input = {
      studyId: share.studyId,
      studyName: share.studyName,
      view: share.view,
      createdAt: share.createdAt.toISOString(),
      payload: share.payload as SharePayload,
    };
    const render = () => rasterise(previewSvg(sharePreview(input).card));
    const first = await ms(render);
    const warm: number[] = [];
    const stages = { numbers: [] as number[], svg: [] as number[], png: [] as number[] };
    for (let r = 0; r < RENDERS; r++) {
      warm.push((await ms(render)).ms);
      const numbers = await ms(() => sharePreview(input));
      const svg = await ms(() => previewSvg(numbers.value.card));
      const png = await ms(() => rasterise(svg.value));
      stages.numbers.push(numbers.ms);
      stages.svg.push(svg.ms);
      stages.png.push(png.ms);
    }
    const exists = [];
    for (let r = 0; r < RENDERS; r++) exists.push((await ms(() => shareExists(db, token))).ms);
    console.log(
      `${c.label}: payload ${(JSON.stringify(share.payload).length / 1024).toFixed(0)} KiB, PNG ${(first.value.length / 1024).toFixed(0)} KiB`,
    );
    const row = (label: string, value: number, note = '') => console.log(`  ${label.padEnd(48)}${fmt(value)}${note}`);
    row("baseline: read the share's row from Postgres", median(reads));
    row(i === 0 ? 'first render (cold: font files, native warm-up)' : 'first render of this share', first.ms);
    row(
      'warm render',
      median(warm),
      `  (numbers ${median(stages.numbers).toFixed(1)} + SVG ${median(stages.svg).toFixed(1)} + PNG ${median(stages.png).toFixed(1)} ms)`,
    );
    row('cached image: the existence check', median(exists));
    console.log('');
  }
}

main()
  .catch((err: unknown) => {
    console.error(`bench:preview could not finish: ${(err as Error).message}`);
    process.exitCode = 1;
  })
  .finally(cleanUp);
