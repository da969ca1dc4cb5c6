import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/connection';
import { createTestApp } from './test-app';

/** The PGlite instance behind a test app's database. */
function instanceOf(database: Database) {
  if (database.queueConnection.driver !== 'pglite') throw new Error('expected PGlite');
  return database.queueConnection.client;
}

async function rowsOf<T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await database.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

// Test apps reuse a PGlite instance after putting it back in the template's state
// (test/pglite-reuse.ts): nothing one test wrote may reach the next.
describe('a PGlite instance handed to the next test app', () => {
  it("holds none of the last test's rows, its changes to seeded rows or its sequence values", async () => {
    // Two instances of the template idle already, as a file that ran two apps at once leaves them:
    // the next test app still gets the instance put back last (CI-A handed out the older one).
    const [one, two] = await Promise.all([createTestApp('pglite'), createTestApp('pglite')]);
    await one.close();
    await two.close();
    const first = await createTestApp('pglite');
    const instance = instanceOf(first.database);
    const [{ next: firstNext } = { next: '' }] = await rowsOf<{ next: string }>(
      first.database,
      sql`select nextval(pg_get_serial_sequence('users', 'id'))::text as next`,
    );
    await first.db.execute(sql`insert into users (account, password_hash) values ('left-behind', 'x')`);
    await first.db.execute(sql`update users set email = 'changed@example.test' where account = 'admin'`);
    await first.db.execute(sql`delete from roles where code = 'customer'`);
    await first.close();

    const second = await createTestApp('pglite');
    try {
      // Compared by identity, not with toBe: a failure's diff of two PGlite instances printed for
      // over a minute (CI-A).
      expect(instanceOf(second.database) === instance, 'the same PGlite instance').toBe(true);
      expect(
        await rowsOf(second.database, sql`select 1 from users where account = 'left-behind'`),
      ).toHaveLength(0);
      const [admin] = await rowsOf<{ email: string }>(
        second.database,
        sql`select email from users where account = 'admin'`,
      );
      expect(admin?.email).not.toBe('changed@example.test');
      expect(await rowsOf(second.database, sql`select 1 from roles where code = 'customer'`)).toHaveLength(1);
      const [{ next } = { next: '' }] = await rowsOf<{ next: string }>(
        second.database,
        sql`select nextval(pg_get_serial_sequence('users', 'id'))::text as next`,
      );
      expect(next).toBe(firstNext);
    } finally {
      await second.close();
    }
  });

  // A reset empties and refills only the tables a test changed (a row count other than the
  // template's, or a row written since the last reset): a second reset must still see what the
  // next test changed, in tables the first left alone, as well as a table emptied or filled.
  it('puts back what each of several tests in turn changed, tables emptied and filled included', async () => {
    const first = await createTestApp('pglite');
    const instance = instanceOf(first.database);
    await first.db.execute(sql`update roles set name_en = 'changed' where code = 'customer'`);
    await first.db.execute(sql`delete from dict_types`);
    await first.close();

    const second = await createTestApp('pglite');
    try {
      expect(instanceOf(second.database) === instance, 'the same PGlite instance').toBe(true);
      expect(
        await rowsOf(
          second.database,
          sql`select 1 from roles where code = 'customer' and name_en = 'changed'`,
        ),
      ).toHaveLength(0);
      expect(await rowsOf(second.database, sql`select 1 from dict_types`)).not.toHaveLength(0);
      await second.db.execute(sql`update users set email = 'second@example.test' where account = 'admin'`);
      await second.db.execute(
        sql`insert into captchas (id, answer_hash, expires_at) values ('left-behind', 'x', now())`,
      );
    } finally {
      await second.close();
    }

    const third = await createTestApp('pglite');
    try {
      expect(instanceOf(third.database) === instance, 'the same PGlite instance').toBe(true);
      expect(
        await rowsOf(third.database, sql`select 1 from users where email = 'second@example.test'`),
      ).toHaveLength(0);
      expect(await rowsOf(third.database, sql`select 1 from captchas where id = 'left-behind'`)).toHaveLength(
        0,
      );
    } finally {
      await third.close();
    }
  });

  // Its subject makes it load fresh PGlite instances from the template (8 s alone); in CI, on two
  // loaded cores, that passed 30 s twice in one run (CI-R at c3e4567).
  it(
    'is never reused after a test changed its schema, nor after a test closed it',
    { timeout: 120_000 },
    async () => {
      const changed = await createTestApp('pglite');
      await changed.db.execute(sql`create table left_behind (v text)`);
      const changedInstance = instanceOf(changed.database);
      await changed.close();

      const next = await createTestApp('pglite');
      try {
        expect(instanceOf(next.database) === changedInstance, 'the changed instance').toBe(false);
        expect(changedInstance.closed).toBe(true);
        expect(
          await rowsOf(next.database, sql`select 1 from pg_tables where tablename = 'left_behind'`),
        ).toHaveLength(0);
        await next.database.close();
      } finally {
        await next.close();
      }
      const afterClosed = await createTestApp('pglite');
      try {
        expect(instanceOf(afterClosed.database).closed).toBe(false);
        expect(
          await rowsOf(afterClosed.database, sql`select 1 from users where account = 'admin'`),
        ).toHaveLength(1);
      } finally {
        await afterClosed.close();
      }
    },
  );
});
