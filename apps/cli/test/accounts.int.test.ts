import { verifyPassword } from 'better-auth/crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identifyToken } from '@frontier/db';
import { createTestDatabase, type TestDatabase } from '../../../packages/db/test/test-database';
import { tempDir } from './lcb-fixture';
import { runCli } from './run-cli';

let t: TestDatabase;
let env: Record<string, string>;

beforeAll(async () => {
  t = await createTestDatabase();
  env = { DATABASE_URL: t.url, FRONTIER_DATA_DIR: tempDir() };
});
afterAll(async () => t?.drop());

const cli = (args: string[], input?: string) => runCli(args, env, input);
const lastLine = (out: string) => out.trimEnd().split('\n').at(-1)!;

async function storedUser(email: string) {
  const { rows } = await t.db.pool.query<{ id: string; role: string; password: string }>(
    `SELECT u.id, u.role, a.password FROM app_user u JOIN auth_account a ON a.user_id = u.id AND a.provider_id = 'credential' WHERE u.email = $1`,
    [email],
  );
  return rows[0];
}

const userCount = async () =>
  (await t.db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM app_user')).rows[0]!.n;

describe('frontier user', { timeout: 120_000 }, () => {
  it('adds a user with the password piped on stdin, hashed by Better Auth', async () => {
    const r = await cli(['user', 'add', 'Ada@Example.org', '--role', 'editor'], 'correct horse battery\n');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('ada@example.org');
    expect(r.stdout).not.toContain('correct horse');
    const user = await storedUser('ada@example.org');
    expect(user?.role).toBe('editor');
    // The trailing newline is the pipe's, not the password's.
    expect(await verifyPassword({ hash: user!.password, password: 'correct horse battery' })).toBe(true);
    expect(await verifyPassword({ hash: user!.password, password: 'correct horse battery\n' })).toBe(false);
  });

  it('refuses an empty, short or multi-line password on stdin, and writes nothing', async () => {
    const before = await userCount();
    for (const [input, message] of [
      ['', 'empty'],
      ['\n', 'empty'],
      ['short\n', 'shorter than 8'],
      ['line one\nline two\n', 'more than one line'],
    ] as const) {
      const r = await cli(['user', 'add', 'bob@example.org', '--role', 'viewer'], input);
      expect(r.code, JSON.stringify(input)).not.toBe(0);
      expect(r.stderr, JSON.stringify(input)).toContain(message);
    }
    expect(await userCount()).toBe(before);
  });

  it('refuses a duplicate email, a bad role and a bad email, naming them', async () => {
    const dup = await cli(['user', 'add', 'ADA@example.org', '--role', 'admin'], 'another password\n');
    expect(dup.code).not.toBe(0);
    expect(dup.stderr).toContain('already exists');
    expect((await storedUser('ada@example.org'))?.role).toBe('editor');
    const badRole = await cli(['user', 'add', 'bob@example.org', '--role', 'owner'], 'long enough\n');
    expect(badRole.code).not.toBe(0);
    expect(badRole.stderr).toContain('--role: unknown role "owner": use one of viewer, editor, admin');
    const badEmail = await cli(['user', 'add', 'not-an-email', '--role', 'viewer'], 'long enough\n');
    expect(badEmail.code).not.toBe(0);
    expect(badEmail.stderr).toContain('EMAIL: "not-an-email" is not an email address');
    const noRole = await cli(['user', 'add', 'bob@example.org'], 'long enough\n');
    expect(noRole.code).not.toBe(0);
    expect(noRole.stderr).toContain('--role');
  });

  it('lists users and changes a role', async () => {
    expect((await cli(['user', 'add', 'bob@example.org', '--role', 'viewer'], 'bob password')).code).toBe(0);
    const changed = await cli(['user', 'role', 'bob@example.org', 'Admin']);
    expect(changed.code, changed.stderr).toBe(0);
    expect((await storedUser('bob@example.org'))?.role).toBe('admin');
    const list = await cli(['user', 'list']);
    expect(list.code).toBe(0);
    const lines = list.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^ada@example\.org\s+editor\s+created \d{4}-\d\d-\d\d \d\d:\d\d UTC$/);
    expect(lines[1]).toMatch(/^bob@example\.org\s+admin\s+created /);
    const unknown = await cli(['user', 'role', 'nobody@example.org', 'viewer']);
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toContain('no user with email nobody@example.org');
    const badRole = await cli(['user', 'role', 'bob@example.org', 'root']);
    expect(badRole.code).not.toBe(0);
    expect(badRole.stderr).toContain('ROLE: unknown role "root"');
  });
});

describe('frontier token', { timeout: 120_000 }, () => {
  it('creates a token printed alone on the last line, that identifies its user', async () => {
    const r = await cli(['token', 'create', 'ada@example.org', '--name', 'cluster']);
    expect(r.code, r.stderr).toBe(0);
    const token = lastLine(r.stdout);
    expect(token).toMatch(/^fe_[\w-]{43}$/);
    expect(r.stdout).toMatch(/^token \d+ for ada@example\.org \(cluster\): shown once, store it now\n/);
    expect(await identifyToken(t.db, token)).toMatchObject({ email: 'ada@example.org', role: 'editor' });
    // Only its hash is stored.
    const { rows } = await t.db.pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM api_token WHERE hash = $1 OR name = $1',
      [token],
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('lists tokens id first; revoking one ends it at once', async () => {
    const created = await cli(['token', 'create', 'bob@example.org']);
    expect(created.code, created.stderr).toBe(0);
    const token = lastLine(created.stdout);
    const id = Number(/^token (\d+) /.exec(created.stdout)![1]);
    const lineOf = (out: string) => out.split('\n').find((l) => l.trim().startsWith(`${id} `))!;
    const before = await cli(['token', 'list']);
    expect(before.stdout.trimEnd().split('\n')).toHaveLength(2);
    expect(lineOf(before.stdout)).toMatch(
      new RegExp(
        `^\\s*${id}\\s+bob@example\\.org\\s+cli\\s+created \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC\\s+last used never$`,
      ),
    );
    expect(await identifyToken(t.db, token)).toMatchObject({ email: 'bob@example.org', role: 'admin' });

    const revoked = await cli(['token', 'revoke', String(id)]);
    expect(revoked.code, revoked.stderr).toBe(0);
    expect(await identifyToken(t.db, token)).toBeUndefined();
    const after = await cli(['token', 'list']);
    expect(lineOf(after.stdout)).toMatch(/\s+revoked \d{4}-\d\d-\d\d \d\d:\d\d UTC$/);
    // A retry of the revoke is no error.
    expect((await cli(['token', 'revoke', String(id)])).code).toBe(0);
  });

  it('refuses an unknown or malformed id and an unknown user', async () => {
    for (const [id, message] of [
      ['99999', 'no token with id 99999'],
      ['0', 'ID must be an integer >= 1'],
      ['abc', 'ID must be a number'],
      ['2147483648', 'no token with id'],
    ]) {
      const r = await cli(['token', 'revoke', id!]);
      expect(r.code, id).not.toBe(0);
      expect(r.stderr, id).toContain(message);
    }
    const r = await cli(['token', 'create', 'nobody@example.org']);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('no user with email nobody@example.org');
  });

  it('removing a user removes their tokens', async () => {
    const token = lastLine((await cli(['token', 'create', 'ada@example.org', '--name', 'doomed'])).stdout);
    expect(await identifyToken(t.db, token)).toBeDefined();
    const removed = await cli(['user', 'remove', 'Ada@example.org']);
    expect(removed.code, removed.stderr).toBe(0);
    expect(await storedUser('ada@example.org')).toBeUndefined();
    expect(await identifyToken(t.db, token)).toBeUndefined();
    const { rows } = await t.db.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM api_token WHERE name IN ('cluster', 'doomed')`,
    );
    expect(rows[0]!.n).toBe(0);
    const again = await cli(['user', 'remove', 'ada@example.org']);
    expect(again.code).not.toBe(0);
    expect(again.stderr).toContain('no user with email ada@example.org');
  });
});
