import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createUser } from '../../test/factories';
import { createTestApp, DRIVERS, type TestApp } from '../../test/test-app';

/**
 * Someone who held an account for a while (a phished password, a stolen session) may have left
 * automation behind: tokens, a private feed, webhooks to their own server. Taking the account
 * back by a new password, or support freezing it, ends all of it, whatever code path wrote it.
 */
describe.each(DRIVERS)('automation after a credential change on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, { config: { WEBHOOK_ALLOW_PRIVATE: true } });
  }, 60_000);
  afterAll(() => t.close());

  async function accountWithAutomation() {
    const user = await createUser(t.db, { roleCodes: ['customer'] });
    const { apiTokens, feedTokens, webhooks } = t.app.services;
    await apiTokens.create(user.id, { name: 'left behind', scopes: ['download'], expiresInDays: 30 });
    await feedTokens.create(user.id);
    await webhooks.create(user.id, {
      url: 'http://127.0.0.1:18080/hook',
      events: ['release.published'],
      active: true,
    });
    return user;
  }
  const stateOf = async (userId: number) => ({
    tokens: (await t.app.services.apiTokens.list(userId)).map((token) => token.state),
    feed: (await t.app.services.feedTokens.status(userId)).active,
    webhooks: (await t.app.services.webhooks.list(userId)).map((hook) => hook.active),
  });

  it('a new password revokes the tokens, deletes the private feed token and switches the webhooks off', async () => {
    const user = await accountWithAutomation();
    expect(await stateOf(user.id)).toEqual({ tokens: ['active'], feed: true, webhooks: [true] });
    await t.db.update(users).set({ passwordHash: 'a new hash' }).where(eq(users.id, user.id));
    expect(await stateOf(user.id)).toEqual({ tokens: ['revoked'], feed: false, webhooks: [false] });
  });

  it('freezing does the same, and unfreezing brings none of it back', async () => {
    const user = await accountWithAutomation();
    await t.db.update(users).set({ frozen: true }).where(eq(users.id, user.id));
    await t.db.update(users).set({ frozen: false }).where(eq(users.id, user.id));
    expect(await stateOf(user.id)).toEqual({ tokens: ['revoked'], feed: false, webhooks: [false] });
  });

  it('other changes to the account leave its automation alone', async () => {
    const user = await accountWithAutomation();
    await t.db.update(users).set({ nickName: 'renamed' }).where(eq(users.id, user.id));
    expect(await stateOf(user.id)).toEqual({ tokens: ['active'], feed: true, webhooks: [true] });
  });
});
