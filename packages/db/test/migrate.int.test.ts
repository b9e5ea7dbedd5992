import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, MIGRATIONS_DIR } from '../src/migrate';
import { createTestDatabase, type TestDatabase } from './test-database';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t?.drop());

describe('migrations', () => {
  it("records every committed migration as Prisma does, with migration.sql's sha256", async () => {
    const { rows } = await t.db.pool.query(
      'SELECT migration_name, checksum, finished_at FROM _prisma_migrations ORDER BY migration_name',
    );
    const names = readdirSync(MIGRATIONS_DIR, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
      .sort();
    expect(rows.map((r) => r.migration_name)).toEqual(names);
    for (const r of rows) {
      const sql = readFileSync(join(MIGRATIONS_DIR, r.migration_name, 'migration.sql'));
      expect(r.checksum).toBe(createHash('sha256').update(sql).digest('hex'));
      expect(r.finished_at).toBeInstanceOf(Date);
    }
  });

  it('applies nothing the second time, and refuses a migration edited after it was applied', async () => {
    expect(await migrate(t.db.pool)).toEqual([]);
    await t.db.pool.query(`UPDATE _prisma_migrations SET checksum = 'edited'`);
    await expect(migrate(t.db.pool)).rejects.toThrow(/edited after it was applied/);
  });

  it('creates the tables the Prisma client reads', async () => {
    expect(await t.db.prisma.study.count()).toBe(0);
    expect(await t.db.prisma.runProblemAggregate.count()).toBe(0);
  });
});
