// A share link that travels: pasted into a chat it unfurls (Open Graph / Twitter tags, a preview
// image rendered on the server), and another site can frame its embed (oEmbed), while every other
// page refuses to be framed.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { saveScreenshot } from './support/artifacts';
import { collectErrors } from './support/console-errors';
import { closeDatabase } from './support/database';
import { studyIdByName } from './support/expected';
import { FIXTURE_STUDY } from './support/fixture';
import { readHeadline } from './support/frontier-explorer';

test.afterAll(closeDatabase);

let studyId: number;
test.beforeAll(async () => {
  studyId = await studyIdByName(FIXTURE_STUDY);
});

async function makeShare(request: APIRequestContext, view: string): Promise<string> {
  const res = await request.post('/api/shares', { data: { studyId, view } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { token: string }).token;
}

const meta = (page: Page, key: string) =>
  page.locator(`meta[property="${key}"], meta[name="${key}"]`).first().getAttribute('content');

/** The PNG's size and how much its pixels vary (0 for a blank picture). */
async function pictureOf(bytes: Buffer) {
  const m = await sharp(bytes).metadata();
  const stats = await sharp(bytes).stats();
  return {
    format: m.format,
    width: m.width,
    height: m.height,
    spread: Math.max(...stats.channels.map((c) => c.stdev)),
  };
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

test('a Frontier link unfurls: its tags carry the pinned numbers, its image is a 1200x630 picture; deleting the link removes both', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const token = await makeShare(request, `/studies/${studyId}?alpha=0.5`);
  await page.goto(`/s/${token}`);
  await expect(page.getByTestId('frontier-plot')).toHaveAttribute('data-status', 'ready', { timeout: 60_000 });
  const shown = await readHeadline(page);

  expect(await meta(page, 'og:title')).toBe(`${FIXTURE_STUDY}: Frontier`);
  // The numbers the page shows at the pinned alpha, as the page writes them.
  const description = (await meta(page, 'og:description'))!;
  expect(description).toContain(`α = ${shown.alpha}`);
  expect(description).toContain(`solve rate ${pct(shown.solve.value)}`);
  expect(description).toContain(`correctness failures ${pct(shown.correctness.value)}`);
  expect(description).toContain(`and optimization failures ${pct(shown.optimization.value)}`);
  const image = (await meta(page, 'og:image'))!;
  expect(image).toBe(`${baseURL}/s/${token}/preview.png`); // absolute: a chat service fetches it
  expect(await meta(page, 'og:image:width')).toBe('1200');
  expect(await meta(page, 'og:image:height')).toBe('630');
  expect(await meta(page, 'twitter:card')).toBe('summary_large_image');
  expect(await meta(page, 'twitter:image')).toBe(image);
  const oembed = await page.locator('link[rel="alternate"][type="application/json+oembed"]').getAttribute('href');
  expect(oembed).toBe(`${baseURL}/api/oembed?url=${encodeURIComponent(`${baseURL}/s/${token}`)}&format=json`);

  const png = await request.get(image);
  expect(png.status()).toBe(200);
  expect(png.headers()['content-type']).toBe('image/png');
  expect(png.headers()['cache-control']).toContain('immutable');
  const picture = await pictureOf(await png.body());
  expect(picture).toMatchObject({ format: 'png', width: 1200, height: 630 });
  expect(picture.spread, 'a blank picture').toBeGreaterThan(20);
  // Served again from the cache: the same bytes.
  expect((await (await request.get(image)).body()).equals(await png.body())).toBe(true);

  const answer = await request.get(oembed!);
  expect(answer.status()).toBe(200);
  const body = (await answer.json()) as Record<string, unknown>;
  expect(body).toMatchObject({
    version: '1.0',
    type: 'rich',
    provider_name: 'Frontier Explorer',
    title: `${FIXTURE_STUDY}: Frontier`,
    thumbnail_url: image,
    thumbnail_width: 1200,
    thumbnail_height: 630,
  });
  expect(body.html).toContain(
    `<iframe src="${baseURL}/s/${token}/embed" width="${body.width}" height="${body.height}"`,
  );

  expect((await request.delete(`/api/shares/${token}`)).status()).toBe(200);
  expect((await request.get(image)).status()).toBe(404);
  expect((await request.get(oembed!)).status()).toBe(404);
  expect((await request.get(`/s/${token}/embed`)).status()).toBe(404);
});

test('every view has a preview picture; oEmbed refuses what is not a share of this site', async ({
  request,
  baseURL,
}) => {
  for (const tab of ['/matrix', '/triage', '/ensembles']) {
    const token = await makeShare(request, `/studies/${studyId}${tab}`);
    const png = await request.get(`/s/${token}/preview.png`);
    expect(png.status(), tab).toBe(200);
    const picture = await pictureOf(await png.body());
    expect(picture, tab).toMatchObject({ width: 1200, height: 630 });
    expect(picture.spread, tab).toBeGreaterThan(20);
  }
  expect((await request.get('/s/no-such-share-token-000/preview.png')).status()).toBe(404);
  const ask = (url: string, extra = '') => request.get(`/api/oembed?url=${encodeURIComponent(url)}${extra}`);
  expect((await ask(`https://elsewhere.example/s/no-such-share-token-000`)).status()).toBe(404);
  expect((await ask(`${baseURL}/studies/${studyId}`)).status()).toBe(404);
  expect((await ask(`${baseURL}/s/no-such-share-token-000`, '&format=xml')).status()).toBe(501);
  expect((await ask(`${baseURL}/s/no-such-share-token-000`, '&maxwidth=wide')).status()).toBe(400);
});

test('another site frames the embed, which draws its plot and slider; the study page refuses to be framed', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const token = await makeShare(request, `/studies/${studyId}?alpha=0.5`);
  const embed = await request.get(`/s/${token}/embed`);
  expect(embed.headers()['content-security-policy']).toContain('frame-ancestors *');
  expect(embed.headers()['x-frame-options']).toBeUndefined();
  const study = await request.get(`/studies/${studyId}`);
  expect(study.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(study.headers()['x-frame-options']).toBe('DENY');

  // A page of another origin (another host name and port) with both frames in it.
  const host: Server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(`<!doctype html><title>A lab wiki</title><h1>Our results</h1>
      <iframe id="embed" src="${baseURL}/s/${token}/embed" width="1200" height="800"></iframe>
      <iframe id="study" name="study" src="${baseURL}/studies/${studyId}" width="600" height="300"></iframe>`);
  });
  await new Promise<void>((resolve) => host.listen(0, 'localhost', resolve));
  try {
    const refused: string[] = [];
    page.on('console', (m) => {
      if (m.text().includes('frame-ancestors')) refused.push(m.text());
    });
    const errors = collectErrors(page);
    await page.goto(`http://localhost:${(host.address() as AddressInfo).port}/`);
    const frame = page.frameLocator('#embed');
    await expect(frame.getByTestId('frontier-plot')).toHaveAttribute('data-status', 'ready', { timeout: 60_000 });
    await expect(frame.getByTestId('frontier-plot').locator('.scatterlayer .point').first()).toBeVisible();
    await expect(frame.getByTestId('selected-alpha')).toHaveAttribute('data-value', '0.5');
    // Interactive: the slider moves the selected alpha, inside the frame.
    await frame.getByTestId('alpha-next').click();
    await expect(frame.getByTestId('selected-alpha')).not.toHaveAttribute('data-value', '0.5');
    // No site chrome; a way back to the full link, in a new tab.
    await expect(frame.locator('.site-header')).toHaveCount(0);
    const back = frame.getByTestId('embed-open-full');
    await expect(back).toHaveAttribute('href', `/s/${token}`);
    await expect(back).toHaveAttribute('target', '_blank');
    await expect(back).toHaveAttribute('rel', /noopener/);

    // The study page in a frame: Chromium refuses it (an error page, nothing of the app inside).
    await expect.poll(() => refused.length, { timeout: 15_000 }).toBeGreaterThan(0);
    expect(refused.join('\n')).toContain("frame-ancestors 'none'");
    const studyFrame = page.frame({ name: 'study' })!;
    expect(studyFrame.url()).not.toContain('/studies/');
    await expect(page.frameLocator('#study').getByTestId('study-name')).toHaveCount(0);
    expect(errors.filter((e) => !e.includes('frame-ancestors'))).toEqual([]);
    await saveScreenshot(page, 'share-embed-framed');
  } finally {
    await new Promise((resolve) => host.close(resolve));
  }
});
