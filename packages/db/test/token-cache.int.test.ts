import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cachedTokenIdentifier, type TokenIdentifier } from '../src/accounts/token-cache';
import { createToken, revokeToken } from '../src/accounts/tokens';
import { addUser, setUserRole } from '../src/accounts/users';
import { createTestDatabase, type TestDatabase } from './test-database';

// A web process remembers who a token belongs to, and forgets as soon as Postgres says anything
// about tokens or users changed (the trigger's NOTIFY).

let t: TestDatabase;
let ids: TokenIdentifier;

beforeAll(async () => {
  t = await createTestDatabase();
  await addUser(t.db, { email: 'carol@lab.example', role: 'viewer', passwordHash: 'x' });
  ids = cachedTokenIdentifier(t.db);
});

afterAll(async () => {
  await ids.close();
  await t.drop();
});

const soon = { timeout: 3_000, interval: 20 };

describe('cached token identities', () => {
  it('answers from memory once seen (a row gone without a NOTIFY is still known)', async () => {
    const { token } = await createToken(t.db, 'carol@lab.example', 'cached');
    await expect.poll(() => ids.listening(), soon).toBe(true);
    expect((await ids.identify(token))?.email).toBe('carol@lab.example');
    await t.db.pool.query('ALTER TABLE api_token DISABLE TRIGGER api_token_access_changed');
    try {
      await t.db.pool.query('DELETE FROM api_token WHERE name = $1', ['cached']);
      expect((await ids.identify(token))?.email, 'from the cache').toBe('carol@lab.example');
    } finally {
      await t.db.pool.query('ALTER TABLE api_token ENABLE TRIGGER api_token_access_changed');
    }
  });

  it("forgets a revoked token and a changed role at once (within a NOTIFY's delivery)", async () => {
    const { id, token } = await createToken(t.db, 'carol@lab.example', 'revoked');
    expect((await ids.identify(token))?.role).toBe('viewer');
    await setUserRole(t.db, 'carol@lab.example', 'editor');
    await expect.poll(async () => (await ids.identify(token))?.role, soon).toBe('editor');
    await revokeToken(t.db, id);
    await expect.poll(async () => ids.identify(token), soon).toBeUndefined();
  });

  it('never caches an unknown token', async () => {
    expect(await ids.identify('fe_unknown')).toBeUndefined();
    expect(await ids.identify('not-even-a-token')).toBeUndefined();
  });
});
