import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { DEMO_STUDY } from '../../apps/cli/src/up/seed-demo';
import { CHROMIUM_ARGS, chromiumPath } from '../chromium';

// `npm run docs:screenshot [-- URL]`: the one picture of the frontier the README and the demo lab's
// guide show, taken from the demo study of a running `npm start` (default http://localhost:3000):
// the Frontier card of its hard problems (where the research setting's trade-off lives) as the
// page draws it, cut to the element, so the image follows the product. Run it after changing the
// frontier's look or the demo lab, and commit the PNG.

const SCREENSHOT_PATH = 'docs/images/frontier-demo.png';
const VIEW = '?difficulty=hard';

const root = fileURLToPath(new URL('../..', import.meta.url));
const base = (process.argv[2] ?? 'http://localhost:3000').replace(/\/$/, '');

async function demoStudyId(): Promise<number> {
  let res: Response;
  try {
    res = await fetch(`${base}/api/studies`);
  } catch {
    throw new Error(
      `nothing answers at ${base}: start the product with \`npm start\` (or pass its URL: npm run docs:screenshot -- URL)`,
    );
  }
  if (!res.ok)
    throw new Error(
      `${base}/api/studies answered ${res.status}: the screenshot needs a local-mode server (\`npm start\`)`,
    );
  const { studies } = (await res.json()) as { studies: Array<{ id: number; name: string; pending: number }> };
  const demo = studies.find((s) => s.name === DEMO_STUDY);
  if (!demo) throw new Error(`no study named "${DEMO_STUDY}" at ${base}: \`npm start\` on an empty database makes it`);
  if (demo.pending > 0)
    throw new Error(
      `the demo study still has ${demo.pending} samples waiting for the judge: wait until its jobs finish`,
    );
  return demo.id;
}

async function main(): Promise<void> {
  const id = await demoStudyId();
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 });
    await page.goto(`${base}/studies/${id}${VIEW}`);
    await page.locator('[data-testid="frontier-plot"][data-status="ready"]').waitFor({ timeout: 120_000 });
    const out = join(root, SCREENSHOT_PATH);
    mkdirSync(dirname(out), { recursive: true });
    await page.locator('.frontier-card').screenshot({ path: out, animations: 'disabled' });
    console.log(`wrote ${SCREENSHOT_PATH} from ${base}/studies/${id}${VIEW}`);
  } finally {
    await browser.close();
  }
}

main().catch((err: unknown) => {
  console.error(`docs:screenshot: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
