import { ErrorCode } from '@portal/contract';
import { count, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, passwordResetTokens, users } from '../../db/schema';
import { createUser } from '../../test/factories';
import { lastMailTo } from '../../test/outbox';
import { login, tokenFor, withToken } from '../../test/requests';
import { mailText } from '../../test/smtp-receiver';
import { DRIVERS, freshAppWithMail, type SmtpReceiver, type TestApp } from '../../test/test-app';

const NEW_PASSWORD = 'Recovered#77';

describe.each(DRIVERS)('password recovery on %s', (driver) => {
  let smtp: SmtpReceiver;
  let t: TestApp;
  freshAppWithMail(driver, { PUBLIC_URL: 'https://portal.example.com' }, (app, receiver) => {
    [t, smtp] = [app, receiver];
  });

  const requestLink = async (account: string, locale = 'en-US', remoteAddress = '127.0.0.1') => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/auth/recover?locale=${locale}`,
      payload: { account },
      remoteAddress,
    });
    await t.app.services.recovery.drain();
    return {
      status: response.statusCode,
      body: response.json(),
      retryAfter: response.headers['retry-after'],
    };
  };
  const check = async (token: string) =>
    (await t.app.inject({ url: `/api/auth/recover/check?token=${token}` })).json();
  const reset = async (token: string, password = NEW_PASSWORD, confirm = password) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/recover/reset?locale=en-US',
      payload: { token, password, confirm },
    });
    return { status: response.statusCode, body: response.json() };
  };
  const linkInLastMail = () => {
    const text = mailText(smtp.received.at(-1)?.raw ?? '');
    return text.match(/https:\/\/portal\.example\.com\/user\/recover\?token=([A-Za-z0-9_-]+)/)?.[1] ?? '';
  };

  it('mails a single-use link through SMTP; it sets the password once, ends every session, then is expired', async () => {
    const user = await createUser(t.db, {
      roleCodes: ['customer'],
      email: 'rita@example.com',
      account: 'rita',
      locale: 'en-US',
    });
    const session = await tokenFor(t.app, 'rita', user.password);
    const answer = await requestLink('RITA@example.com');
    expect(answer.body).toMatchObject({ success: true, data: { linkValidMinutes: 30 } });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.to).toEqual(['rita@example.com']);
    const token = linkInLastMail();
    expect(token.length).toBeGreaterThan(40);
    expect(mailText(smtp.received[0]?.raw ?? '')).toContain('within 30 minutes');

    expect((await check(token)).data).toEqual({ valid: true, account: 'r***a' });
    expect((await reset(token, 'weak', 'weak')).body.code).toBe(ErrorCode.PASSWORD_WEAK);
    expect((await reset(token, NEW_PASSWORD, 'Other#Pass22')).body.code).toBe(ErrorCode.PASSWORD_MISMATCH);
    expect((await reset(token)).status).toBe(200);

    expect((await login(t.app, 'rita', user.password)).body.success).toBe(false);
    expect((await login(t.app, 'rita', NEW_PASSWORD)).body.success).toBe(true);
    const old = await withToken(t.app, session, { url: '/api/getLoginUser' });
    expect(old.status).toBe(401);

    expect((await check(token)).data).toEqual({ valid: false, account: null });
    const second = await reset(token, 'Another#Pass9');
    expect(second).toMatchObject({ status: 410, body: { code: ErrorCode.RESET_LINK_INVALID } });
    expect(second.body.message).toBe('The password link has expired or has already been used');
  });

  it("expires the link after 30 minutes and mails in the account's language, not the page's", async () => {
    await createUser(t.db, { email: 'li@example.com', account: 'lilei', locale: 'zh-CN' });
    await requestLink('lilei', 'en-US');
    const text = mailText(smtp.received.at(-1)?.raw ?? '');
    expect(text).toContain('30 分钟内打开此链接');
    expect((await lastMailTo(t.db, 'li@example.com'))?.subject).toBe('重置密码');
    const token = linkInLastMail();
    t.clock.advance(30 * 60_000 + 1000);
    expect((await check(token)).data.valid).toBe(false);
    expect((await reset(token)).body.code).toBe(ErrorCode.RESET_LINK_INVALID);
  });

  it("mails an English reader in English from a Chinese page, and uses the page's language only for an account without one", async () => {
    await createUser(t.db, { email: 'emma@example.com', account: 'emma', locale: 'en-US' });
    await requestLink('emma', 'zh-CN');
    expect((await lastMailTo(t.db, 'emma@example.com'))?.subject).toBe('Reset your password');

    await createUser(t.db, { email: 'blank@example.com', account: 'blank', locale: '' });
    await requestLink('blank', 'en-US', '10.3.0.1');
    expect((await lastMailTo(t.db, 'blank@example.com'))?.subject).toBe('Reset your password');
  });

  it('answers the same for unknown accounts, accounts without email and frozen ones, and mails nothing', async () => {
    await createUser(t.db, { account: 'no_mail' });
    await createUser(t.db, { account: 'frozen_one', email: 'ice@example.com', frozen: true });
    const known = await createUser(t.db, { account: 'known', email: 'known@example.com' });
    const answers = [];
    for (const account of ['nobody', 'no_mail', 'frozen_one', 'known'])
      answers.push((await requestLink(account, 'en-US', `10.1.0.${answers.length}`)).body);
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(smtp.received.map((m) => m.to)).toEqual([[known.email]]);
  });

  it('sends at most one link per account per minute, and a new link does not revive a used one', async () => {
    await createUser(t.db, { account: 'mina', email: 'mina@example.com' });
    await requestLink('mina');
    await requestLink('mina', 'en-US', '10.2.0.1');
    expect(smtp.received).toHaveLength(1);
    const first = linkInLastMail();
    t.clock.advance(61_000);
    await requestLink('mina', 'en-US', '10.2.0.2');
    expect(smtp.received).toHaveLength(2);
    const second = linkInLastMail();
    expect((await reset(second)).status).toBe(200);
    // Setting the password spends every outstanding link of the account.
    expect((await check(first)).data.valid).toBe(false);
    const [open] = await t.db
      .select({ n: count() })
      .from(passwordResetTokens)
      .where(isNull(passwordResetTokens.consumedAt));
    expect(first).not.toBe(second);
    expect(open?.n ?? 0).toBe(0);
  });

  it('audits the mailed link and the reset as the account, with its IP and never the link or password', async () => {
    const user = await createUser(t.db, { account: 'audrey', email: 'audrey@example.com' });
    await requestLink('audrey', 'en-US', '10.4.4.4');
    const token = linkInLastMail();
    // Refused attempts leave no entry.
    expect((await reset(token, 'weak', 'weak')).status).toBe(400);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/recover/reset?locale=en-US',
      payload: { token, password: NEW_PASSWORD, confirm: NEW_PASSWORD },
      remoteAddress: '10.5.5.5',
    });
    expect(response.statusCode).toBe(200);
    expect((await reset(token, 'Another#Pass9')).status).toBe(410);

    const rows = await t.db.select().from(auditLog).orderBy(auditLog.id);
    expect(rows.map((row) => row.action)).toEqual(['user.requestRecovery', 'user.recoverPassword']);
    expect(rows[0]).toMatchObject({
      actorId: user.id,
      actorAccount: 'audrey',
      targetType: 'user',
      targetId: String(user.id),
      ip: '10.4.4.4',
    });
    expect(rows[1]).toMatchObject({
      actorId: user.id,
      actorAccount: 'audrey',
      targetType: 'user',
      targetId: String(user.id),
      ip: '10.5.5.5',
    });
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(token);
    expect(stored).not.toContain(NEW_PASSWORD);
    expect(stored).not.toContain(user.password);

    // A link staff send for a user is theirs to audit (user.resetPassword), not the account's.
    t.clock.advance(61_000);
    await t.app.services.recovery.request('audrey', 'en-US');
    await t.app.services.recovery.drain();
    expect(smtp.received).toHaveLength(2);
    expect(await t.db.select().from(auditLog)).toHaveLength(2);
  });

  it('audits nothing for unknown accounts or links that do not work', async () => {
    await requestLink('nobody_here');
    expect((await reset('not-a-real-token')).status).toBe(410);
    expect(await t.db.select().from(auditLog)).toHaveLength(0);
  });

  it('clears a sign-in lockout with the new password', async () => {
    await createUser(t.db, { account: 'locked', email: 'locked@example.com' });
    await t.db
      .update(users)
      .set({ failedLoginCount: 5, lockedUntil: new Date(Date.now() + 3_600_000) })
      .where(eq(users.account, 'locked'));
    await requestLink('locked');
    expect((await reset(linkInLastMail())).status).toBe(200);
    expect((await login(t.app, 'locked', NEW_PASSWORD)).body.success).toBe(true);
  });

  it('rate-limits link requests per IP (429 with Retry-After)', async () => {
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await requestLink(`someone${i}`, 'en-US', '10.9.9.9'));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 429]);
    expect(Number(answers[5]?.retryAfter)).toBeGreaterThan(0);
    expect(answers[5]?.body.code).toBe(ErrorCode.TOO_MANY_REQUESTS);
  });
});
