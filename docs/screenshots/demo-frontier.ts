// The README's picture of the demo lab: the frontier plot of the demo study's hard problems, as a
// running Frontier Explorer draws it, cut to the plot element itself (not a fixed crop, so a new
// page layout needs only a re-run). Uses Debian's Chromium through Playwright.
//   npm start   # in another terminal, until the demo study's jobs are done
//   npx tsx docs/screenshots/demo-frontier.ts [--url http://localhost:3000] [--out docs/images/demo-frontier.png]
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';

const DEMO_STUDY = 'Demo lab: toy policy on minilab';
/** The view the README describes: hard problems, where the research setting's trade-off lives. */
const VIEW = '?difficulty=hard';

function fail(message: string): never {
  process.stderr.write(`demo-frontier: ${message}\n`);
  process.exit(2);
}

function options(): { url: URL; out: string } {
  let values: { url?: string; out?: string };
  try {
    ({ values } = parseArgs({ options: { url: { type: 'string' }, out: { type: 'string' } }, strict: true, allowPositionals: false }));
  } catch (err) {
    return fail((err as Error).message);
  }
  let url: URL;
  try {
    url = new URL(values.url ?? 'http://localhost:3000');
  } catch {
    return fail(`--url must be the address of a running Frontier Explorer, e.g. http://localhost:3000; got ${JSON.stringify(values.url)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') fail(`--url must be http or https, got ${url.protocol}`);
  const out = values.out ?? 'docs/images/demo-frontier.png';
  if (!out.endsWith('.png')) fail(`--out must name a .png file, got ${JSON.stringify(out)}`);
  return { url, out: resolve(out) };
}

async function demoStudyId(base: URL): Promise<number> {
  const res = await fetch(new URL('/api/studies', base)).catch((err: Error) => fail(`cannot reach ${base.origin} (${err.message}); start it with \`npm start\``));
  if (!res.ok) fail(`${base.origin}/api/studies answered ${res.status}; in server mode sign-in is needed, use a local \`npm start\``);
  const { studies } = (await res.json()) as { studies: Array<{ id: number; name: string; origin: string }> };
  const demo = studies.find((s) => s.origin === 'demo' && s.name === DEMO_STUDY);
  return demo?.id ?? fail(`no demo study on ${base.origin}: \`npm start\` builds it on an empty database`);
}

const { url, out } = options();
const id = await demoStudyId(url);
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, deviceScaleFactor: 2 });
  await page.goto(new URL(`/studies/${id}${VIEW}`, url).href);
  const plot = page.getByTestId('frontier-plot');
  await plot.and(page.locator('[data-status="ready"]')).waitFor({ timeout: 60_000 });
  const points = Number(await plot.getAttribute('data-points'));
  // The pipeline may still be filling the grid in: wait until no job is running.
  const pending = page.getByTestId('pipeline-progress');
  if (await pending.isVisible()) fail(`the demo study's pipeline is still running (${points} points so far); run this once it is done`);
  await page.evaluate(() => document.fonts.ready);
  mkdirSync(dirname(out), { recursive: true });
  await plot.screenshot({ path: out, animations: 'disabled' });
  console.log(`wrote ${out}: the frontier of study ${id} (${points} points, hard problems)`);
} finally {
  await browser.close();
}
