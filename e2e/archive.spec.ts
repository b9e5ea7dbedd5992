import { execFileSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { collectErrors } from './support/console-errors';
import { closeDatabase, dataDir, databaseUrl, query } from './support/database';
import { studyIdByName } from './support/expected';
import { FIXTURE_STUDY } from './support/fixture';

// The Import dialog takes a study archive (`frontier export STUDY --archive FILE`): it asks for a
// name instead of an alpha, says when the study is here already, refuses a taken name until one
// is given, and links to the imported study, whose frontier draws.

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const COPY = 'E2E archive copy (SYNTHETIC DATA)';
let dir: string;
let archive: string;
let foreign: string;

/** The archive as another server would write it: the same study under a new identity (header and checksum redone). */
function asFromAnotherServer(file: string): Buffer {
  const raw = gunzipSync(readFileSync(file));
  const firstEnd = raw.indexOf('\n');
  // The trailer is the last line (it may follow a table section's binary frames, not a newline).
  const trailerAt = raw.lastIndexOf('{"type":"end"');
  const header = JSON.parse(raw.subarray(0, firstEnd).toString()) as { study: { uid: string } };
  header.study.uid = randomUUID();
  const body = Buffer.concat([Buffer.from(JSON.stringify(header)), raw.subarray(firstEnd, trailerAt)]);
  const trailer = JSON.parse(raw.subarray(trailerAt).toString()) as { sha256: string };
  trailer.sha256 = createHash('sha256').update(body).digest('hex');
  return gzipSync(Buffer.concat([body, Buffer.from(`${JSON.stringify(trailer)}\n`)]));
}

test.beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'frontier-e2e-archive-'));
  archive = join(dir, 'fixture.frontier.gz');
  execFileSync('node', [join(repoRoot, 'apps/cli/bin/frontier.js'), 'export', FIXTURE_STUDY, '--archive', archive], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: databaseUrl(), FRONTIER_DATA_DIR: dataDir },
  });
  foreign = join(dir, 'from-another-lab.frontier.gz');
  writeFileSync(foreign, asFromAnotherServer(archive));
});

test.afterAll(async () => {
  await query('DELETE FROM study WHERE name = $1', [COPY]);
  await closeDatabase();
  rmSync(dir, { recursive: true, force: true });
});

test('the Import dialog imports a study archive, once, under a name of its own when taken', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = collectErrors(page);
  const studies = async () => (await query<{ n: string }>('SELECT count(*) AS n FROM study'))[0]!.n;
  await page.goto(`/studies/${await studyIdByName(FIXTURE_STUDY)}`);
  await page.getByTestId('import-open').click();
  const dialog = page.getByTestId('import-dialog');

  // The same study, at the same data version: nothing to do.
  const before = await studies();
  await dialog.getByTestId('import-file').setInputFiles(archive);
  await expect(dialog.getByRole('heading')).toHaveText('Import a study archive');
  await expect(dialog.getByTestId('import-alpha')).toBeHidden();
  await expect(dialog.getByTestId('import-as')).toBeVisible();
  await dialog.getByTestId('import-submit').click();
  await expect(dialog.getByTestId('import-done')).toContainText(
    `This study is here already, as “${FIXTURE_STUDY}”: nothing changed.`,
  );
  expect(await studies()).toBe(before);

  // Another server's study of the same name: refused until it is given a name here.
  await dialog.getByTestId('import-file').setInputFiles(foreign);
  await expect(dialog.getByTestId('import-as')).toBeVisible();
  await dialog.getByTestId('import-submit').click();
  await expect(dialog.getByTestId('import-error')).toContainText(
    `a different study named "${FIXTURE_STUDY}" exists on this server: import the archive under another name with the “Name here” field`,
  );
  expect(await studies()).toBe(before);
  await dialog.getByTestId('import-as').fill(COPY);
  await dialog.getByTestId('import-submit').click();
  await expect(dialog.getByTestId('import-done')).toContainText(`Imported the study “${COPY}”`, { timeout: 60_000 });
  const samples = async (name: string) =>
    (
      await query<{ n: string }>(
        `SELECT count(*) AS n FROM sample x JOIN eval_run r ON r.id = x.run_id JOIN checkpoint c ON c.id = r.checkpoint_id
         JOIN study s ON s.id = c.study_id WHERE s.name = $1`,
        [name],
      )
    )[0]!.n;
  expect(await samples(COPY)).toBe(await samples(FIXTURE_STUDY));

  await dialog.getByTestId('import-open-study').click();
  await expect(page).toHaveURL(new RegExp(`/studies/${await studyIdByName(COPY)}$`));
  await expect(page.getByRole('heading', { name: COPY })).toBeVisible();
  await expect(page.locator('.js-plotly-plot').first()).toBeVisible({ timeout: 30_000 });
  // The refused upload is the browser's one logged error: the 409 the dialog explained above.
  expect(errors).toEqual(['Failed to load resource: the server responded with a status of 409 (Conflict)']);
});
