import { count, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { DRIVERS, openTestDatabase } from '../../test/test-app';
import type { Database } from '../connection';
import {
  entitlements,
  notices,
  organisations,
  roles,
  serialNumbers,
  serverModels,
  userRoles,
  users,
} from '../schema';
import { seedDatabase } from './seed';

const rows = async (database: Database, table: typeof users | typeof serialNumbers | typeof entitlements) =>
  (await database.db.select({ n: count() }).from(table))[0]?.n ?? 0;

describe.each(DRIVERS)('the seed with and without the demo customer (%s)', (driver) => {
  let database: Database | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  it('SEED_DEMO=off seeds the reference data and the admin only, and hands back no demo password', async () => {
    database = await openTestDatabase(driver);
    await database.migrate();
    const seeded = await seedDatabase(database.db, {}, new Date(), { demo: false });
    expect(seeded).toEqual({ seeded: true, generated: { admin: expect.any(String) } });

    expect((await database.db.select({ account: users.account }).from(users)).map((u) => u.account)).toEqual([
      'admin',
    ]);
    expect(await rows(database, serialNumbers)).toBe(0);
    expect(await rows(database, entitlements)).toBe(0);
    expect(await database.db.select().from(organisations)).toEqual([]);
    // What the portal needs to work is there: roles (with the customer role), server models, the admin's notice.
    expect((await database.db.select({ code: roles.code }).from(roles)).map((r) => r.code)).toContain(
      'customer',
    );
    expect((await database.db.select().from(serverModels)).length).toBeGreaterThan(0);
    expect(await database.db.select().from(notices)).toHaveLength(1);
  });

  it('by default seeds the demo customer too, as a customer of its organisation, owning the demo servers', async () => {
    database = await openTestDatabase(driver);
    await database.migrate();
    const seeded = await seedDatabase(database.db, { admin: 'Admin#Pass1' }, new Date());
    expect(seeded).toEqual({ seeded: true, generated: { demo: expect.any(String) } });

    const [demo] = await database.db.select().from(users).where(eq(users.account, 'demo'));
    expect(demo?.organisationId).not.toBeNull();
    const demoRoles = await database.db
      .select({ code: roles.code })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(eq(userRoles.userId, demo?.id ?? 0));
    expect(demoRoles).toEqual([{ code: 'customer' }]);
    expect(await rows(database, serialNumbers)).toBeGreaterThan(0);
    expect(await rows(database, entitlements)).toBeGreaterThan(0);
    expect(await database.db.select().from(notices)).toHaveLength(2);
  });
});

describe('SEED_DEMO', () => {
  it('is on unless told off', () => {
    expect(loadConfig({}).SEED_DEMO).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'off' }).SEED_DEMO).toBe(false);
    expect(loadConfig({ SEED_DEMO: 'false' }).SEED_DEMO).toBe(false);
    expect(() => loadConfig({ SEED_DEMO: 'maybe' })).toThrow();
  });
});
