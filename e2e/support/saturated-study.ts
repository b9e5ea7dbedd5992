import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dataDir, databaseUrl, query, waitForAggregates } from './database';

// A study at the paper's sample count where "solved at least once" (c > 0) saturates: every
// problem is solved by some of its 250 samples at every alpha, yet the rates move. Written as
// LiveCodeBench files and imported with the real CLI, once. Rates are set exactly (not drawn),
// so which problems differ is known by construction:
//   rising (15): 20% -> 40% -> 60% along alpha 0, 1, 2; falling (5): the reverse;
//   dipping (3): 80% -> 20% -> 80% (unstable); flat (27): the same count at every alpha.

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
export const SATURATED_STUDY = 'E2E saturated sweep, 250 samples (SYNTHETIC DATA)';
const SAMPLES = 250;
const ALPHAS = [0, 1, 2] as const;

/** Solved samples per alpha, per problem. */
function solvedCounts(): number[][] {
  const rows: number[][] = [];
  for (let i = 0; i < 15; i++) rows.push([50, 100, 150]);
  for (let i = 0; i < 5; i++) rows.push([150, 100, 50]);
  for (let i = 0; i < 3; i++) rows.push([200, 50, 200]);
  for (let i = 0; i < 27; i++) {
    const c = 1 + ((i * 37) % 240);
    rows.push([c, c, c]);
  }
  return rows;
}

function writeLcbFile(path: string, alphaIndex: number): void {
  const records = solvedCounts().map((counts, p) => {
    const solved = counts[alphaIndex]!;
    const codes = Array.from({ length: SAMPLES }, (_, i) => (i < solved ? 0 : i % 3 === 0 ? -3 : -2));
    return {
      question_id: `sat${String(p).padStart(2, '0')}`,
      question_title: `Saturated ${p}`,
      difficulty: 'hard',
      platform: 'atcoder',
      contest_date: '2024-06-01T00:00:00',
      code_list: codes.map((c, j) => `# ${j}\nprint(${c})\n`),
      graded_list: codes.map((c) => c === 0),
      metadata: codes.map((c) =>
        JSON.stringify(c === 0 ? { execution_time: 0.01 } : { error_code: c, error_message: 'x' }),
      ),
    };
  });
  writeFileSync(path, JSON.stringify(records));
}

export async function ensureSaturatedStudy(): Promise<number> {
  const existing = await query<{ id: number }>('SELECT id FROM study WHERE name = $1', [SATURATED_STUDY]);
  if (!existing[0]) {
    const dir = mkdtempSync(join(tmpdir(), 'frontier-e2e-saturated-'));
    try {
      const entries = ALPHAS.map((alpha, i) => {
        const path = join(dir, `alpha-${alpha}.json`);
        writeLcbFile(path, i);
        return { alpha, path, role: alpha === 0 ? 'low' : alpha === 1 ? 'high' : 'merged' };
      });
      const manifest = join(dir, 'manifest.json');
      writeFileSync(manifest, JSON.stringify({ study: SATURATED_STUDY, entries }));
      execFileSync('node', [join(repoRoot, 'apps/cli/bin/frontier.js'), 'import', manifest], {
        cwd: repoRoot,
        env: { ...process.env, DATABASE_URL: databaseUrl(), FRONTIER_DATA_DIR: dataDir },
        stdio: 'inherit',
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    await query(`UPDATE study SET origin = 'synthetic' WHERE name = $1`, [SATURATED_STUDY]);
  }
  const id = (await query<{ id: number }>('SELECT id FROM study WHERE name = $1', [SATURATED_STUDY]))[0]!.id;
  await waitForAggregates(id, 'the saturated study');
  return id;
}
