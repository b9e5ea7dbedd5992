import { readFileSync, writeFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { endpoints } from './support/cells';
import { closeDatabase } from './support/database';
import { studyIdByName } from './support/expected';
import { FIXTURE_STUDY } from './support/fixture';
import { operatorCounts, readPdf, standardFonts } from './support/pdf';

// PDF figures for papers: the page is the chosen inches x 72 pt, the plot is drawn in vector
// paths, its text is text set in an embedded TrueType font, and nothing is a picture of the page.

test.afterAll(closeDatabase);

let studyId: number;
test.beforeAll(async () => {
  studyId = await studyIdByName(FIXTURE_STUDY);
});

/** Downloads through the form; the file is kept beside the test's results for a look. */
async function downloadPdf(
  page: Page,
  box: Locator,
  size: { width: string; height: string; font: string; legend?: boolean } | 'double',
) {
  await box.getByTestId('export-pdf').click();
  const form = box.getByTestId('pdf-form');
  if (size === 'double') await form.getByTestId('pdf-preset-double').click();
  else {
    await form.getByTestId('pdf-widthIn').fill(size.width);
    await form.getByTestId('pdf-heightIn').fill(size.height);
    await form.getByTestId('pdf-fontPt').fill(size.font);
  }
  await form.getByTestId('pdf-legend').setChecked(size === 'double' || (size.legend ?? true));
  const [download] = await Promise.all([page.waitForEvent('download'), form.getByTestId('pdf-download').click()]);
  // The form closes, or stays open with a notice (a title too long for its axis at this size).
  const notice = form.getByTestId('pdf-notice');
  await expect(async () => expect((await form.isHidden()) || (await notice.isVisible())).toBe(true)).toPass();
  const said = (await notice.isVisible()) ? await notice.textContent() : null;
  if (said) await box.getByTestId('export-pdf').click();
  const bytes = readFileSync((await download.path())!);
  writeFileSync(test.info().outputPath(download.suggestedFilename()), bytes);
  return { name: download.suggestedFilename(), bytes, notice: said };
}

function expectPaperFigure(bytes: Buffer, widthPt: number, heightPt: number) {
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const pdf = readPdf(bytes);
  expect(pdf.mediaBox).toEqual([0, 0, widthPt, heightPt]);
  expect(pdf.fontFiles, 'an embedded TrueType font program').toBeGreaterThanOrEqual(1);
  expect(pdf.baseFonts.length).toBeGreaterThanOrEqual(1);
  for (const f of pdf.baseFonts) expect(f, 'every font is the embedded DejaVu Sans').toMatch(/^DejaVu/);
  expect(standardFonts(pdf), 'no text in a non-embedded standard font').toEqual([]);
  expect(pdf.toUnicode, 'text maps back to Unicode (selectable, searchable)').toBeGreaterThanOrEqual(1);
  expect(pdf.images, 'no raster image').toBe(0);
  const ops = operatorCounts(pdf.content);
  expect(ops.paths, 'axes, grid and markers as paths').toBeGreaterThan(50);
  expect(ops.text, 'tick labels and titles as text').toBeGreaterThan(10);
}

test('the frontier and the ensemble plots export a vector PDF at the chosen size with the font embedded', async ({
  page,
}) => {
  await page.goto(`/studies/${studyId}`);
  await expect(page.getByTestId('frontier-plot')).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
  const frontier = page.getByTestId(`export-study-${studyId}-frontier`);
  const single = await downloadPdf(page, frontier, { width: '3.25', height: '2.5', font: '8' });
  expect(single.name).toBe(`study-${studyId}-frontier.pdf`);
  expectPaperFigure(single.bytes, 234, 180);

  // Without the legend: its five labels are gone from the text drawn.
  const bare = await downloadPdf(page, frontier, { width: '3.25', height: '2.5', font: '8', legend: false });
  expectPaperFigure(bare.bytes, 234, 180);
  expect(bare.notice, 'without the legend every title fits at one column').toBeNull();
  const labels = (b: Buffer) => operatorCounts(readPdf(b).content).text;
  expect(labels(single.bytes) - labels(bare.bytes)).toBeGreaterThanOrEqual(5);

  // The browser remembers the last size and legend choice for the next plot.
  const solve = page.getByTestId(`export-study-${studyId}-solve-rate`);
  await solve.getByTestId('export-pdf').click();
  await expect(solve.getByTestId('pdf-widthIn')).toHaveValue('3.25');
  await expect(solve.getByTestId('pdf-fontPt')).toHaveValue('8');
  await expect(solve.getByTestId('pdf-legend')).not.toBeChecked();
  await solve.getByTestId('export-pdf').click();

  const { low, high } = await endpoints(studyId);
  await page.goto(`/studies/${studyId}/ensembles?c=${low},${high}&budget=6&alloc=uniform`);
  await expect(page.getByTestId('ensembles-view')).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
  await expect(page.getByTestId('ensemble-plot')).toHaveAttribute('data-status', 'ready');
  const ensemble = page.getByTestId(`export-study-${studyId}-ensemble-b6-uniform`);
  const double = await downloadPdf(page, ensemble, 'double');
  expectPaperFigure(double.bytes, 6.75 * 72, 3.5 * 72);
});

test('a bad size is refused naming the field; a figure too small for its text is refused, a small one warns', async ({
  page,
}) => {
  await page.goto(`/studies/${studyId}`);
  await expect(page.getByTestId('frontier-plot')).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
  let downloads = 0;
  page.on('download', () => downloads++);
  const box = page.getByTestId(`export-study-${studyId}-frontier`);
  await box.getByTestId('export-pdf').click();
  await box.getByTestId('pdf-widthIn').fill('0');
  await box.getByTestId('pdf-fontPt').fill('40');
  await box.getByTestId('pdf-download').click();
  const errors = box.getByTestId('pdf-errors');
  await expect(errors).toContainText('Width must be a number from 1 to 20 in (got “0”).');
  await expect(errors).toContainText('Font size must be a number from 5 to 24 pt (got “40”).');
  await expect(errors).not.toContainText('Height');
  await expect(box.getByTestId('pdf-form')).toBeVisible();
  expect(downloads).toBe(0);

  // A figure too small for its text and legend is refused, saying what to change.
  const size = async (w: string, h: string, pt: string, legend: boolean) => {
    await box.getByTestId('pdf-widthIn').fill(w);
    await box.getByTestId('pdf-heightIn').fill(h);
    await box.getByTestId('pdf-fontPt').fill(pt);
    await box.getByTestId('pdf-legend').setChecked(legend);
    await box.getByTestId('pdf-download').click();
  };
  await size('1', '1', '12', true);
  await expect(errors).toContainText(
    'the chart does not fit in 1 × 1 in with 12 pt text: make the figure larger or the text smaller, or untick Legend',
  );
  expect(downloads).toBe(0);
  // A small one downloads, and says which titles run off it.
  await size('1.5', '1.5', '8', false);
  await expect(box.getByTestId('pdf-notice')).toContainText(
    /Downloaded, but the (x-axis|y-axis|x-axis and y-axis) titles? (is|are) longer/,
  );
  await expect(errors).toBeHidden();
  expect(downloads).toBe(1);
});
