// Server mode (`frontier up --host ...`): a second web process on the same database as the local
// one, with FRONTIER_HOST, FRONTIER_PUBLIC_URL and FRONTIER_AUTH_SECRET set. Every API route is
// asked by every kind of caller; then people sign in and use the pages their role allows.
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { addAccount, revokeTokensOf, signIn, createToken, type Account } from './support/accounts';
import { closeDatabase, query } from './support/database';
import { FIXTURE_STUDY } from './support/fixture';
import { activeJobs, DEMO_STUDY, forgetAlphas } from './support/jobs';
import { studyIdByName } from './support/expected';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

test.describe.configure({ mode: 'serial' });
test.afterAll(closeDatabase);

const accounts = {} as Record<'viewer' | 'editor' | 'admin', Account>;
let revoked: string;
let ids: { study: number; problem: number; run: number; idx: number; a: number; b: number; job: number };

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const [viewer, editor, admin, gone] = await Promise.all([
    addAccount('viewer'),
    addAccount('editor'),
    addAccount('admin'),
    addAccount('viewer'),
  ]);
  Object.assign(accounts, { viewer, editor, admin });
  await revokeTokensOf(gone.email);
  revoked = gone.token;
  const [s] = await query<{ study: number; problem: number; run: number; idx: number }>(
    `SELECT c.study_id AS study, x.problem_id AS problem, x.run_id AS run, x.idx FROM sample x JOIN eval_run r ON r.id = x.run_id
       JOIN checkpoint c ON c.id = r.checkpoint_id JOIN study st ON st.id = c.study_id WHERE st.name = $1 ORDER BY x.run_id, x.problem_id, x.idx LIMIT 1`,
    [FIXTURE_STUDY],
  );
  const cps = await query<{ id: number }>('SELECT id FROM checkpoint WHERE study_id = $1 ORDER BY id LIMIT 2', [
    s!.study,
  ]);
  const [job] = await query<{ id: number }>('SELECT id FROM pipeline_job ORDER BY id LIMIT 1');
  ids = { ...s!, a: cps[0]!.id, b: cps[1]!.id, job: job!.id };
});

type Caller = 'anonymous' | 'viewer' | 'editor' | 'admin' | 'bad token' | 'revoked token' | 'forged identity';
const CALLERS: Caller[] = ['anonymous', 'viewer', 'editor', 'admin', 'bad token', 'revoked token', 'forged identity'];

function headersOf(caller: Caller): Record<string, string> {
  if (caller === 'anonymous') return {};
  // The header in which the proxy tells pages who is asking, sent by the client itself: no API
  // route may believe it (each identifies the caller from the request: server/route.ts).
  if (caller === 'forged identity')
    return {
      'x-frontier-identity': JSON.stringify({ userId: 'x', email: 'admin@example.com', role: 'admin', via: 'session' }),
    };
  const token =
    caller === 'bad token' ? 'fe_not-a-token' : caller === 'revoked token' ? revoked : accounts[caller].token;
  return { authorization: `Bearer ${token}` };
}

interface Probe {
  /** The route as /api/openapi.json names it. */
  route: string;
  method: 'GET' | 'POST' | 'DELETE';
  access: 'public' | 'read' | 'share' | 'write' | 'admin';
  url: () => string;
  /** What the request does for a caller allowed to make it. */
  data?: () => unknown;
  headers?: Record<string, string>;
  /** The status an allowed caller gets: the request is harmless (an unknown id, a bad value) where a real write would cost. */
  ok: number;
}

const PROBES: Probe[] = [
  { route: '/api/health', method: 'GET', access: 'public', url: () => '/api/health', ok: 200 },
  { route: '/api/openapi.json', method: 'GET', access: 'public', url: () => '/api/openapi.json', ok: 200 },
  { route: '/api/studies', method: 'GET', access: 'read', url: () => '/api/studies', ok: 200 },
  { route: '/api/studies/{id}', method: 'GET', access: 'read', url: () => `/api/studies/${ids.study}`, ok: 200 },
  {
    route: '/api/studies/{id}/data',
    method: 'GET',
    access: 'read',
    url: () => `/api/studies/${ids.study}/data`,
    ok: 200,
  },
  {
    route: '/api/studies/{id}/facets',
    method: 'GET',
    access: 'read',
    url: () => `/api/studies/${ids.study}/facets`,
    ok: 200,
  },
  {
    route: '/api/studies/{id}/evidence',
    method: 'GET',
    access: 'read',
    url: () => `/api/studies/${ids.study}/evidence?a=${ids.a}&b=${ids.b}`,
    ok: 200,
  },
  {
    route: '/api/studies/{id}/triage',
    method: 'GET',
    access: 'read',
    url: () => `/api/studies/${ids.study}/triage?a=0&b=1`,
    ok: 200,
  },
  {
    route: '/api/studies/{id}/export',
    method: 'GET',
    access: 'read',
    url: () => `/api/studies/${ids.study}/export?format=csv`,
    ok: 200,
  },
  {
    route: '/api/studies/{id}/bundle',
    method: 'GET',
    access: 'read',
    url: () => `/api/studies/${ids.study}/bundle?view=${encodeURIComponent(`/studies/${ids.study}/matrix`)}`,
    ok: 200,
  },
  {
    route: '/api/studies/{id}/problems/{problemId}',
    method: 'GET',
    access: 'read',
    url: () => `/api/studies/${ids.study}/problems/${ids.problem}`,
    ok: 200,
  },
  {
    route: '/api/studies/{id}/problems/{problemId}/samples',
    method: 'GET',
    access: 'read',
    url: () => `/api/studies/${ids.study}/problems/${ids.problem}/samples`,
    ok: 200,
  },
  {
    route: '/api/studies/{id}/problems/{problemId}/samples/{runId}/{idx}',
    method: 'GET',
    access: 'read',
    url: () => `/api/studies/${ids.study}/problems/${ids.problem}/samples/${ids.run}/${ids.idx}`,
    ok: 200,
  },
  {
    route: '/api/studies/{id}/exclusions',
    method: 'GET',
    access: 'read',
    url: () => `/api/studies/${ids.study}/exclusions`,
    ok: 200,
  },
  // A problem the study does not have is refused after the access check (400): nothing is excluded.
  {
    route: '/api/studies/{id}/exclusions',
    method: 'POST',
    access: 'write',
    url: () => `/api/studies/${ids.study}/exclusions`,
    data: () => ({ problems: [{ id: 'no-such-problem', reason: 'probe' }] }),
    ok: 400,
  },
  {
    route: '/api/studies/{id}/exclusions',
    method: 'DELETE',
    access: 'write',
    url: () => `/api/studies/${ids.study}/exclusions`,
    data: () => ({ problems: ['no-such-problem'] }),
    ok: 400,
  },
  { route: '/api/jobs', method: 'GET', access: 'read', url: () => '/api/jobs', ok: 200 },
  { route: '/api/jobs/{id}', method: 'GET', access: 'read', url: () => `/api/jobs/${ids.job}`, ok: 200 },
  // Writes: an alpha out of range is refused after the access check (400), so nothing is queued.
  {
    route: '/api/studies/{id}/evaluate',
    method: 'POST',
    access: 'write',
    url: () => `/api/studies/${ids.study}/evaluate`,
    data: () => ({ alphas: '99' }),
    ok: 400,
  },
  {
    route: '/api/studies/{id}/refine',
    method: 'POST',
    access: 'write',
    url: () => `/api/studies/${ids.study}/refine`,
    data: () => ({ k: 1, count: 3, range: [-1, 2], budgetAlphas: 0 }),
    ok: 400,
  },
  {
    route: '/api/studies/{id}/rejudge',
    method: 'POST',
    access: 'write',
    url: () => `/api/studies/${ids.study}/rejudge`,
    data: () => ({ alphas: '0.123' }),
    ok: 400,
  },
  {
    route: '/api/jobs/{id}/cancel',
    method: 'POST',
    access: 'write',
    url: () => '/api/jobs/2147483000/cancel',
    ok: 404,
  },
  {
    route: '/api/shares',
    method: 'POST',
    access: 'share',
    url: () => '/api/shares',
    data: () => ({ studyId: ids.study, view: `/studies/${ids.study}` }),
    ok: 201,
  },
  { route: '/api/shares', method: 'GET', access: 'share', url: () => '/api/shares', ok: 200 },
  {
    route: '/api/shares/{token}',
    method: 'DELETE',
    access: 'share',
    url: () => '/api/shares/no-such-share-token-000',
    ok: 404,
  },
  // Public, as the link is: an unknown token is a 404 for every caller.
  {
    route: '/api/shares/{token}/bundle',
    method: 'GET',
    access: 'public',
    url: () => '/api/shares/no-such-share-token-000/bundle',
    ok: 404,
  },
  // Public as share links are; a URL that is not a share of this site is 404 for everyone.
  {
    route: '/api/oembed',
    method: 'GET',
    access: 'public',
    url: () => `/api/oembed?url=${encodeURIComponent('https://elsewhere.example/s/no-such-share-token-000')}`,
    ok: 404,
  },
  // An import without its study and alpha is refused after the access check, before any ingest.
  {
    route: '/api/imports',
    method: 'POST',
    access: 'write',
    url: () => '/api/imports',
    data: () => '[]',
    headers: { 'content-type': 'application/json' },
    ok: 400,
  },
];

function expectedStatus(probe: Probe, caller: Caller): number {
  if (probe.access === 'public') return probe.ok;
  if (caller === 'anonymous' || caller === 'bad token' || caller === 'revoked token' || caller === 'forged identity')
    return 401;
  const rank = { viewer: 0, editor: 1, admin: 2 }[caller];
  const needs = { read: 0, share: 0, write: 1, admin: 2 }[probe.access];
  return rank >= needs ? probe.ok : 403;
}

async function ask(request: APIRequestContext, probe: Probe, caller: Caller): Promise<number> {
  const res = await request.fetch(probe.url(), {
    method: probe.method,
    headers: { ...probe.headers, ...headersOf(caller) },
    data: probe.data?.(),
  });
  return res.status();
}

test('every API route answers every kind of caller with the status its access allows', async ({ request }) => {
  test.setTimeout(120_000);
  const failures: string[] = [];
  for (const probe of PROBES) {
    for (const caller of CALLERS) {
      const got = await ask(request, probe, caller);
      const want = expectedStatus(probe, caller);
      if (got !== want) failures.push(`${probe.method} ${probe.route} as ${caller}: ${got}, expected ${want}`);
    }
  }
  expect(failures).toEqual([]);
});

test('the probes cover every route of the API document', async ({ request }) => {
  const doc = (await (await request.get('/api/openapi.json')).json()) as {
    paths: Record<string, Record<string, unknown>>;
  };
  const documented = Object.entries(doc.paths)
    .filter(([path]) => !path.startsWith('/api/auth/')) // Better Auth's own, tested below through the sign-in page
    .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
  const probed = PROBES.map((p) => `${p.method} ${p.route}`);
  expect(
    documented.filter((r) => !probed.includes(r)),
    'routes without a probe',
  ).toEqual([]);
});

test('a 401 says how to authenticate; a 403 names the role needed', async ({ request }) => {
  const anonymous = await request.get('/api/studies');
  expect(anonymous.headers()['www-authenticate']).toContain('Bearer');
  expect(((await anonymous.json()) as { error: { message: string } }).error.message).toContain('frontier token create');
  const viewer = await request.post(`/api/studies/${ids.study}/evaluate`, {
    headers: headersOf('viewer'),
    data: { alphas: '0.5' },
  });
  expect(((await viewer.json()) as { error: { message: string } }).error.message).toMatch(
    /needs the editor role; your account is a viewer/,
  );
});

test('a share is deleted only by its owner or an admin; a token that made it records its owner', async ({
  request,
}) => {
  const made = await request.post('/api/shares', {
    headers: headersOf('viewer'),
    data: { studyId: ids.study, view: `/studies/${ids.study}` },
  });
  expect(made.status()).toBe(201);
  const { token } = (await made.json()) as { token: string };
  const [row] = await query<{ email: string }>(
    'SELECT u.email FROM share s JOIN app_user u ON u.id = s.created_by_id WHERE s.token = $1',
    [token],
  );
  expect(row?.email).toBe(accounts.viewer.email);
  expect(
    (await request.delete(`/api/shares/${token}`, { headers: headersOf('editor') })).status(),
    'not the owner',
  ).toBe(403);
  expect((await request.delete(`/api/shares/${token}`, { headers: headersOf('admin') })).status()).toBe(200);
  expect((await query('SELECT 1 FROM share WHERE token = $1', [token])).length).toBe(0);
});

test('anyone with a share link gets its preview image, oEmbed and embed, at FRONTIER_PUBLIC_URL; deleting it removes them', async ({
  request,
  baseURL,
}) => {
  const made = await request.post('/api/shares', {
    headers: headersOf('viewer'),
    data: { studyId: ids.study, view: `/studies/${ids.study}?alpha=0.5` },
  });
  const { token } = (await made.json()) as { token: string };
  const page = await (await request.get(`/s/${token}`)).text();
  const image = `${baseURL}/s/${token}/preview.png`;
  expect(page).toContain(`<meta property="og:image" content="${image}"/>`);
  const png = await request.get(image);
  expect(png.status(), 'anonymous').toBe(200);
  expect(png.headers()['content-type']).toBe('image/png');
  const oembed = await request.get(`/api/oembed?url=${encodeURIComponent(`${baseURL}/s/${token}`)}`);
  expect(oembed.status()).toBe(200);
  expect(((await oembed.json()) as { html: string }).html).toContain(`src="${baseURL}/s/${token}/embed"`);
  const embed = await request.get(`/s/${token}/embed`);
  expect(embed.status()).toBe(200);
  expect(embed.headers()['content-security-policy']).toContain('frame-ancestors *');
  expect((await request.delete(`/api/shares/${token}`, { headers: headersOf('admin') })).status()).toBe(200);
  expect((await request.get(image)).status()).toBe(404);
});

test('a token revoked while in use stops working within moments', async ({ request }) => {
  const token = await createToken(accounts.viewer.email);
  expect((await request.get('/api/studies', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(200);
  const [row] = await query<{ id: number }>('SELECT id FROM api_token ORDER BY id DESC LIMIT 1');
  await query('UPDATE api_token SET revoked_at = now() WHERE id = $1', [row!.id]);
  // Web processes cache identities and forget them on Postgres's NOTIFY: a moment, not a minute.
  await expect
    .poll(async () => (await request.get('/api/studies', { headers: { authorization: `Bearer ${token}` } })).status(), {
      timeout: 2_000,
      intervals: [20],
    })
    .toBe(401);
});

test('signed out, pages send you to sign in and come back; cross-site and foreign Hosts are refused', async ({
  page,
  request,
}) => {
  await page.goto(`/studies/${ids.study}`);
  await expect(page).toHaveURL(new RegExp(`/sign-in\\?next=%2Fstudies%2F${ids.study}`));
  await page.getByLabel('Email').fill(accounts.viewer.email);
  await page.getByLabel('Password').fill('wrong password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('sign-in-error')).toContainText('Wrong email or password');
  await page.getByLabel('Password').fill(accounts.viewer.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(new RegExp(`/studies/${ids.study}$`));
  const crossSite = await request.post(`/api/studies/${ids.study}/evaluate`, {
    headers: { ...headersOf('editor'), origin: 'http://evil.example' },
    data: { alphas: '0.5' },
  });
  expect(crossSite.status()).toBe(403);
  expect((await request.get('/api/health', { headers: { host: 'evil.example' } })).status()).toBe(403);
});

test('a viewer reads and shares but sees no Evaluate or Exclude control, and a forged evaluate request is refused', async ({
  page,
}) => {
  await signIn(page, accounts.viewer, `/studies/${ids.study}`);
  await expect(page.getByTestId('signed-in-as')).toContainText(accounts.viewer.email);
  await expect(page.getByTestId('signed-in-as')).toContainText('viewer');
  await expect(page.getByTestId('checkpoint-row').first()).toBeVisible();
  await expect(page.getByTestId('evaluate-alpha')).toHaveCount(0);
  const jobsBefore = await query('SELECT id FROM pipeline_job');
  // The page's own session, from the page's own origin: the role still decides.
  const forged = await page.evaluate(async (id) => {
    const res = await fetch(`/api/studies/${id}/evaluate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ alphas: '0.625' }),
    });
    return res.status;
  }, ids.study);
  expect(forged).toBe(403);
  expect((await query('SELECT id FROM pipeline_job')).length).toBe(jobsBefore.length);
  // Nor the problem page's control to exclude the problem from the study.
  await page.goto(`/studies/${ids.study}/problems/${ids.problem}`);
  await expect(page.getByTestId('problem-title')).toBeVisible();
  await expect(page.getByTestId('exclude-open')).toHaveCount(0);
  await page.goto(`/studies/${ids.study}`);
  await expect(page.getByTestId('checkpoint-row').first()).toBeVisible();

  await page.getByTestId('share-button').first().click();
  const url = await page.getByTestId('share-url').inputValue();
  expect(url).toMatch(/\/s\/[A-Za-z0-9_-]+$/);

  // Signed out, the link still opens, read-only.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await page.goto(new URL(url, page.url()).pathname);
  await expect(page.getByTestId('checkpoint-row').first()).toBeVisible();
  await expect(page.getByTestId('signed-in-as')).toHaveCount(0);
  await page.goto('/');
  await expect(page).toHaveURL(/\/sign-in/);
});

test('a viewer lists their own share links and deletes one; the link is then gone', async ({ page, request }) => {
  await signIn(page, accounts.viewer, '/shares');
  const made = await page.evaluate(async (id) => {
    const res = await fetch('/api/shares', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ studyId: id, view: `/studies/${id}/matrix` }),
    });
    return ((await res.json()) as { token: string }).token;
  }, ids.study);
  // Someone else's link is not listed.
  const others = (await (
    await request.post('/api/shares', {
      headers: headersOf('editor'),
      data: { studyId: ids.study, view: `/studies/${ids.study}` },
    })
  ).json()) as { token: string };
  await page.reload();
  const row = page.locator(`[data-testid="share-row"][data-token="${made}"]`);
  await expect(row).toContainText(`/studies/${ids.study}/matrix`);
  await expect(page.locator(`[data-testid="share-row"][data-token="${others.token}"]`)).toHaveCount(0);
  await row.getByTestId('share-delete').click();
  await expect(row).toHaveCount(0);
  expect((await request.get(`/s/${made}`)).status()).toBe(404);
  expect((await request.get(`/s/${others.token}`)).status(), "the editor's link still opens").toBe(200);
});

test('an editor pushes results with the CLI, imports a file in the dialog and evaluates an alpha: all reach the frontier', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(420_000);
  const dir = mkdtempSync(join(tmpdir(), 'frontier-e2e-server-'));
  try {
    // Two checkpoints' LiveCodeBench files, as a lab's evaluation writes them.
    const manifest = execFileSync(
      join(repoRoot, 'node_modules/.bin/tsx'),
      [join(repoRoot, 'e2e/support/write-sweep.ts'), dir],
      { encoding: 'utf8' },
    ).trim();
    const entries = (JSON.parse(readFileSync(manifest, 'utf8')) as { entries: { path: string; alpha: number }[] })
      .entries;
    const [first, second] = [entries[0]!, entries[1]!];
    const study = `Server-mode import ${Date.now()}`;

    // From a "cluster": the CLI sends the file to the server with the editor's token.
    const run = promisify(execFile);
    const pushed = await run(
      'node',
      [
        join(repoRoot, 'apps/cli/bin/frontier.js'),
        'import',
        join(dir, first.path),
        '--server',
        baseURL!,
        '--study',
        study,
        '--alpha',
        String(first.alpha),
      ],
      {
        cwd: repoRoot,
        env: {
          ...process.env,
          FRONTIER_TOKEN: accounts.editor.token,
          DATABASE_URL: 'postgresql://nobody@127.0.0.1:1/none',
        },
      },
    );
    expect(pushed.stdout).toContain(`imported study "${study}"`);
    const studyId = await studyIdByName(study);
    const [imported] = await query<{ email: string }>(
      'SELECT u.email FROM pipeline_job j JOIN app_user u ON u.id = j.created_by_id WHERE j.study_id = $1 LIMIT 1',
      [studyId],
    );
    expect(imported?.email, "the import's jobs record who pushed it").toBe(accounts.editor.email);

    // In the browser: the Import dialog adds the second checkpoint; its point appears without a reload.
    await signIn(page, accounts.editor, `/studies/${studyId}`);
    const row = (alpha: number) =>
      page
        .locator('[data-testid="checkpoint-row"]')
        .filter({ has: page.locator(`[data-testid="alpha"][data-value="${alpha}"]`) });
    await expect(row(first.alpha)).toHaveCount(1);
    await expect(row(second.alpha)).toHaveCount(0);
    await page.getByTestId('import-open').click();
    const dialog = page.getByTestId('import-dialog');
    await dialog.getByTestId('import-file').setInputFiles(join(dir, second.path));
    await dialog.getByTestId('import-alpha').fill(String(second.alpha));
    await dialog.getByTestId('import-submit').click();
    await expect(dialog.getByTestId('import-done')).toBeVisible({ timeout: 120_000 });
    await dialog.getByTestId('import-close').click();
    await expect(row(second.alpha)).toHaveCount(1, { timeout: 30_000 });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  // Evaluate a new alpha on the demo study: the worker runs the chain; the Jobs tab says who asked.
  const demo = await studyIdByName(DEMO_STUDY);
  await expect.poll(() => activeJobs(demo), { timeout: 300_000, intervals: [2_000, 5_000] }).toBe(0);
  const alpha = 1.875;
  await forgetAlphas(demo, [alpha]); // a rerun evaluates it again
  await page.goto(`/studies/${demo}`);
  await page.getByTestId('evaluate-alpha-input').fill(String(alpha));
  await page.getByTestId('evaluate-alpha-submit').click();
  const chain = page.getByTestId('evaluate-chains').getByTestId('job-chain');
  await expect(chain).toHaveAttribute('data-alpha', String(alpha), { timeout: 60_000 });
  await expect(chain.getByTestId('chain-created-by')).toContainText(accounts.editor.email);
  await expect(chain).toHaveAttribute('data-state', 'SUCCEEDED', { timeout: 240_000 });
  const point = page
    .locator('[data-testid="checkpoint-row"]')
    .filter({ has: page.locator(`[data-testid="alpha"][data-value="${alpha}"]`) });
  await expect(point).toHaveCount(1, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in/);
});
