import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { saveScreenshot } from './support/artifacts';
import { collectErrors } from './support/console-errors';
import { closeDatabase, query } from './support/database';
import { studyIdByName } from './support/expected';
import { FIXTURE_STUDY } from './support/fixture';
import { readHeadline } from './support/frontier-explorer';
import { readPdf } from './support/pdf';
import { DEMO_STUDY } from './support/jobs';
import { expectedMatrix, readAllRows, waitForMatrix } from './support/matrix';

// "Download as HTML": the file must open from disk with every request refused, draw its plots,
// keep the slider, hover and the matrix's sorts working, and log no error.

test.afterAll(closeDatabase);

/** Clicks "Download as HTML" on `page` and keeps the file under the test's output directory. */
async function downloadHtml(page: Page, path: string): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-html').click()]);
  expect(download.suggestedFilename()).toMatch(/\.html$/);
  await download.saveAs(path);
  return path;
}

interface Offline {
  page: Page;
  /** Every request the page tried besides the file itself: none is allowed. */
  attempted: string[];
  errors: string[];
}

/** Opens the file in a fresh context where every request but the file's own is aborted (and recorded). */
async function openOffline(browser: Browser, path: string, viewport = { width: 1280, height: 720 }): Promise<Offline> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const file = pathToFileURL(path).href;
  const attempted: string[] = [];
  await context.route('**/*', (route) => {
    if (route.request().url() === file) return route.continue();
    attempted.push(route.request().url());
    return route.abort();
  });
  const errors = collectErrors(page);
  await page.goto(file);
  await expect(page.getByTestId('offline-banner')).toContainText('Offline copy');
  return { page, attempted, errors };
}

test('a Frontier share saved as HTML opens offline: plot with hover, slider, what it is, no request', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const demoId = await studyIdByName(DEMO_STUDY);
  const [study] = await query<{ data_version: number }>('SELECT data_version FROM study WHERE id = $1', [demoId]);
  await page.goto(`/studies/${demoId}?alpha=0.5`);
  await expect(page.getByTestId('frontier-plot')).toHaveAttribute('data-status', 'ready');
  const live = await readHeadline(page);
  await page.getByTestId('share-button').click();
  const url = await page.getByTestId('share-url').inputValue();
  await page.goto(url);
  await expect(page.getByTestId('frontier-plot')).toHaveAttribute('data-status', 'ready');
  const file = await downloadHtml(page, testInfo.outputPath('frontier-share.html'));
  expect(statSync(file).size).toBeLessThan(8e6);

  const offline = await openOffline(browser, file);
  const o = offline.page;
  await expect(o.getByTestId('frontier-plot')).toHaveAttribute('data-status', 'ready');
  await expect(o.getByTestId('study-name')).toHaveText(DEMO_STUDY);
  await expect(o.getByTestId('offline-data-version')).toHaveText(String(study!.data_version));
  await expect(o.getByTestId('offline-pinned')).toHaveText(/^\d{4}-\d\d-\d\d \d\d:\d\d UTC$/);
  await expect(o.getByTestId('offline-app-version')).toHaveText(/^\d+\.\d+\.\d+/);
  expect(await readHeadline(o)).toEqual(live);

  // Hover a drawn point: plotly.js shows its tooltip.
  const point = o.locator('[data-testid="frontier-plot"] .scatterlayer .points path').first();
  const box = (await point.boundingBox())!;
  await o.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await expect(o.locator('[data-testid="frontier-plot"] .hoverlayer .hovertext').first()).toBeVisible();

  // The slider moves the selected alpha and the numbers with it.
  await o.getByTestId('alpha-slider').focus();
  await o.keyboard.press('ArrowRight');
  await expect(o.getByTestId('selected-alpha')).not.toHaveAttribute('data-value', String(live.alpha));
  const moved = await readHeadline(o);
  expect(moved.checkpointId).not.toBe(live.checkpointId);
  expect(moved.solve).not.toEqual(live.solve);
  // A plot's PNG export works without a server too (plotly.js renders it in the page).
  const [png] = await Promise.all([o.waitForEvent('download'), o.getByTestId('export-png').first().click()]);
  expect(png.suggestedFilename()).toMatch(/frontier\.png$/);
  // So does a PDF for a paper: jsPDF and its embedded font travel inside the file.
  await o.getByTestId('export-pdf').first().click();
  const form = o.getByTestId('pdf-form').first();
  await form.getByTestId('pdf-preset-double').click();
  const [pdf] = await Promise.all([o.waitForEvent('download'), form.getByTestId('pdf-download').click()]);
  const facts = readPdf(readFileSync((await pdf.path())!));
  expect(facts.mediaBox).toEqual([0, 0, 486, 252]);
  expect(facts.fontFiles).toBeGreaterThan(0);
  await saveScreenshot(o, 'offline-frontier-1280');
  await o.setViewportSize({ width: 1440, height: 900 });
  await saveScreenshot(o, 'offline-frontier-1440');

  expect(offline.attempted).toEqual([]);
  expect(offline.errors).toEqual([]);
  await o.context().close();
});

test('a live matrix view saved as HTML keeps its rows, sorts, filters and problems offline', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const studyId = await studyIdByName(FIXTURE_STUDY);
  const expected = await expectedMatrix(studyId);
  await page.goto(`/studies/${studyId}/matrix?sort=spread`);
  await waitForMatrix(page);
  const live = await readAllRows(page);
  const file = await downloadHtml(page, testInfo.outputPath('matrix.html'));

  const offline = await openOffline(browser, file, { width: 1440, height: 900 });
  const o = offline.page;
  await waitForMatrix(o);
  expect(await readAllRows(o)).toEqual(live);
  await saveScreenshot(o, 'offline-matrix');

  await o.getByTestId('matrix-sort').selectOption('problem');
  await waitForMatrix(o);
  expect((await readAllRows(o)).map((r) => r.problemId)).toEqual(expected.map((e) => e.problemId));

  // A filter narrows the rows, locally.
  await o.getByTestId('matrix-differs').check();
  await expect(o.getByTestId('matrix-summary')).not.toHaveAttribute('data-shown', String(live.length));

  // A cell opens the problem's pinned counts inside the file, and the way back returns to the matrix.
  await o.getByTestId('matrix-differs').uncheck();
  await waitForMatrix(o);
  const cell = o.getByTestId('matrix-cell').first();
  const problemId = await o.getByTestId('matrix-row').first().getAttribute('data-problem-id');
  await cell.click();
  await expect(o.getByTestId('pinned-problem')).toHaveAttribute('data-problem-id', problemId!);
  await o.getByTestId('pinned-problem-back').click();
  await waitForMatrix(o);

  expect(offline.attempted).toEqual([]);
  expect(offline.errors).toEqual([]);
  await o.context().close();
});

test('triage and ensembles views saved as HTML render offline as in a share, with no request or error', async ({
  request,
  browser,
}, testInfo) => {
  const demoId = await studyIdByName(DEMO_STUDY);
  for (const tab of ['triage', 'ensembles']) {
    const res = await request.get(
      `/api/studies/${demoId}/bundle?view=${encodeURIComponent(`/studies/${demoId}/${tab}`)}`,
    );
    expect(res.status()).toBe(200);
    expect(res.headers()['content-disposition']).toMatch(new RegExp(`attachment; filename=".*-${tab}\\.html"`));
    const path = testInfo.outputPath(`${tab}.html`);
    writeFileSync(path, await res.body());
    const offline = await openOffline(browser, path);
    const o = offline.page;
    if (tab === 'triage') {
      // The first-failing-tier evidence was pinned with the view: the "falls by" cells say a tier.
      await expect(o.getByTestId('triage-row').first()).toBeVisible();
      await expect(o.getByTestId('a-why').first()).toContainText('tier');
    } else {
      await expect(o.getByTestId('ensembles-view')).toHaveAttribute('data-state', 'ready');
      await expect(o.getByTestId('ensembles-view')).toHaveAttribute('data-where', 'main thread');
      // Another member joins the ensemble, computed in the page: one more allocation row.
      const members = await o.getByTestId('allocation-row').count();
      const id = await o
        .locator('[data-testid="ensemble-pick"]:not(:checked)')
        .first()
        .getAttribute('data-checkpoint-id');
      const pick = o.locator(`[data-testid="ensemble-pick"][data-checkpoint-id="${id}"]`);
      await pick.check();
      await expect(pick).toBeChecked();
      await expect(o.getByTestId('allocation-row')).toHaveCount(members + 1);
    }
    expect(offline.attempted).toEqual([]);
    expect(offline.errors).toEqual([]);
    await o.context().close();
  }
});

test('the offline copies refuse what they cannot save', async ({ request }) => {
  const studyId = await studyIdByName(FIXTURE_STUDY);
  const bad = await request.get(`/api/studies/${studyId}/bundle?view=${encodeURIComponent('/studies/1/jobs')}`);
  expect(bad.status()).toBe(400);
  expect((await bad.json()).error.message).toContain('view');
  expect((await request.get('/api/shares/AAAAAAAAAAAAAAAAAAAAAAAA/bundle')).status()).toBe(404);
});
