import {
  ErrorCode,
  type Locale,
  type LoginRecord,
  type Page,
  type SessionInfo,
  VERIFY_CODE_TTL_MS,
} from '@portal/contract';
import { desc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema';
import { lastMailTo } from '../../test/outbox';
import { login, tokenFor, withToken } from '../../test/requests';
import { signedInUser } from '../../test/signed-in-user';

import { type Driver, freshAppWithMail, type SmtpReceiver, type TestApp } from '../../test/test-app';

const NEW_PASSWORD = 'Brand#New22';

/**
 * The password change and account history cases on one driver: a file each
 * (account-pglite.test.ts and account-postgres.test.ts), so that the two run beside each other
 * rather than one after the other in one file.
 */
export const describeAccount = (only: Driver) =>
  describe.each([only])('password change and account history on %s', (driver) => {
    let smtp: SmtpReceiver;
    let t: TestApp;
    freshAppWithMail(driver, {}, (app, receiver) => {
      [t, smtp] = [app, receiver];
    });

    /** A signed-in customer with `email` whose account stores `locale`: the language her code mails are in. */
    function customerReading(email: string, locale: Locale) {
      return signedInUser(t, { roleCodes: ['customer'], email, locale });
    }
    // Anna reads English: her code mails are in English whatever page she asks from.
    const userWithEmail = () => customerReading('anna@example.com', 'en-US');
    const getCode = (token: string) =>
      withToken(t.app, token, { url: '/api/sysUser/getVerifyCode?locale=en-US' });
    const codeFromMail = () => smtp.received.at(-1)?.raw.match(/code is (\d{6})/)?.[1] ?? '';
    const modify = (token: string, body: object) =>
      withToken(t.app, token, { method: 'POST', url: '/api/sysUser/modifyPwd?locale=en-US', payload: body });

    it("mails the code in the account's stored language, not the page's", async () => {
      const user = await userWithEmail();
      await withToken(t.app, user.token, { url: '/api/sysUser/getVerifyCode?locale=zh-CN' });
      expect(codeFromMail()).toMatch(/^\d{6}$/);
      expect((await lastMailTo(t.db, 'anna@example.com'))?.subject).toBe('Your verification code');

      const li = await customerReading('li@example.com', 'zh-CN');
      await withToken(t.app, li.token, { url: '/api/sysUser/getVerifyCode?locale=en-US' });
      expect((await lastMailTo(t.db, 'li@example.com'))?.subject).toBe('您的验证码');
    });

    it('mails a code through SMTP, changes the password with it and signs out the other sessions', async () => {
      const user = await userWithEmail();
      const other = await tokenFor(t.app, user.account, user.password);
      const sent = await getCode(user.token);
      expect(sent.body.data).toEqual({
        destination: 'a***@example.com',
        expiresInSeconds: 600,
        resendAfterSeconds: 60,
      });
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]?.to).toEqual(['anna@example.com']);
      const code = codeFromMail();
      expect(code).toMatch(/^\d{6}$/);

      const changed = await modify(user.token, {
        password: user.password,
        newPassword: NEW_PASSWORD,
        confirm: NEW_PASSWORD,
        code,
      });
      expect(changed.body).toMatchObject({ success: true, code: 200 });
      expect((await withToken(t.app, other, { url: '/api/getLoginUser' })).body.code).toBe(
        ErrorCode.LOGIN_EXPIRED,
      );
      expect((await withToken(t.app, user.token, { url: '/api/getLoginUser' })).status).toBe(200);
      expect((await login(t.app, user.account, user.password)).body.code).toBe(
        ErrorCode.ACCOUNT_PASSWORD_WRONG,
      );
      expect((await login(t.app, user.account, NEW_PASSWORD)).body.success).toBe(true);

      // The code was single use.
      const again = await modify(user.token, {
        password: NEW_PASSWORD,
        newPassword: 'Other#Pass33',
        confirm: 'Other#Pass33',
        code,
      });
      expect(again.body.code).toBe(ErrorCode.VERIFY_CODE_WRONG);
      const [outbox] = await t.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1);
      expect(outbox).toMatchObject({ recipient: 'anna@example.com', status: 'sent' });
    });

    it('refuses each bad input with its own message and changes nothing', async () => {
      const user = await userWithEmail();
      await getCode(user.token);
      const code = codeFromMail();
      const cases: [object, number, RegExp][] = [
        [
          { password: user.password, newPassword: 'weakpass', confirm: 'weakpass', code },
          ErrorCode.PASSWORD_WEAK,
          /^Insufficient password strength/,
        ],
        [
          { password: user.password, newPassword: NEW_PASSWORD, confirm: 'Brand#New23', code },
          ErrorCode.PASSWORD_MISMATCH,
          /^Password inconsistency$/,
        ],
        [
          { password: 'Wrong#Pass1', newPassword: NEW_PASSWORD, confirm: NEW_PASSWORD, code },
          ErrorCode.OLD_PASSWORD_WRONG,
          /current password is wrong/,
        ],
        [
          {
            password: user.password,
            newPassword: NEW_PASSWORD,
            confirm: NEW_PASSWORD,
            code: '000000' === code ? '111111' : '000000',
          },
          ErrorCode.VERIFY_CODE_WRONG,
          /verification code/,
        ],
      ];
      for (const [body, expected, message] of cases) {
        const answer = await modify(user.token, body);
        expect(answer.status).toBe(400);
        expect(answer.body.code).toBe(expected);
        expect(answer.body.message).toMatch(message);
      }
      expect((await login(t.app, user.account, user.password)).body.success).toBe(true);
      // The right code still works after one wrong guess.
      const ok = await modify(user.token, {
        password: user.password,
        newPassword: NEW_PASSWORD,
        confirm: NEW_PASSWORD,
        code,
      });
      expect(ok.body.success).toBe(true);
    });

    it('lets a code expire, limits resending with Retry-After and needs a bound email', async () => {
      const user = await userWithEmail();
      await getCode(user.token);
      const code = codeFromMail();
      const tooSoon = await getCode(user.token);
      expect(tooSoon.status).toBe(429);
      expect(Number(tooSoon.headers['retry-after'])).toBe(60);
      t.clock.advance(VERIFY_CODE_TTL_MS + 1);
      const late = await modify(user.token, {
        password: user.password,
        newPassword: NEW_PASSWORD,
        confirm: NEW_PASSWORD,
        code,
      });
      expect(late.body.code).toBe(ErrorCode.VERIFY_CODE_WRONG);

      const noEmail = await signedInUser(t);
      const answer = await getCode(noEmail.token);
      expect(answer.body.code).toBe(ErrorCode.NO_EMAIL_BOUND);
    });

    it('lists my sign-ins newest first, paged, and my open sessions; signs out one or all others', async () => {
      const user = await userWithEmail();
      await login(t.app, user.account, 'Wrong#Pass1');
      const second = await tokenFor(t.app, user.account, user.password);
      const third = await tokenFor(t.app, user.account, user.password);
      const records = await withToken<Page<LoginRecord>>(t.app, user.token, {
        url: '/api/sysUser/loginRecords?pageSize=2',
      });
      expect(records.body.data.totalRows).toBe(4);
      expect(records.body.data.rows.map((row) => row.success)).toEqual([true, true]);
      const page2 = await withToken<Page<LoginRecord>>(t.app, user.token, {
        url: '/api/sysUser/loginRecords?pageSize=2&pageNo=2',
      });
      expect(page2.body.data.rows.map((row) => row.success)).toEqual([false, true]);
      // Messages are stored as catalogue keys and shown in the reader's language.
      const english = await withToken<Page<LoginRecord>>(t.app, user.token, {
        url: '/api/sysUser/loginRecords?locale=en-US',
      });
      const chinese = await withToken<Page<LoginRecord>>(t.app, user.token, {
        url: '/api/sysUser/loginRecords?locale=zh-CN',
      });
      expect(english.body.data.rows[0]?.message).toBe('Success');
      expect(chinese.body.data.rows[0]?.message).toBe('操作成功');
      expect(english.body.data.rows[2]?.message).toMatch(/^Wrong username or password/);

      const open = await withToken<SessionInfo[]>(t.app, user.token, { url: '/api/sysUser/sessions' });
      expect(open.body.data).toHaveLength(3);
      expect(open.body.data.filter((session) => session.current)).toHaveLength(1);
      const secondId = open.body.data.find((s) => !s.current)?.id;
      const one = await withToken(t.app, user.token, {
        method: 'POST',
        url: '/api/sysUser/sessions/revoke',
        payload: { id: secondId },
      });
      expect(one.body.data).toEqual({ revoked: 1 });
      const others = await withToken(t.app, user.token, {
        method: 'POST',
        url: '/api/sysUser/sessions/revoke',
        payload: { allOthers: true },
      });
      expect(others.body.data).toEqual({ revoked: 1 });
      for (const token of [second, third]) {
        expect((await withToken(t.app, token, { url: '/api/getLoginUser' })).body.code).toBe(
          ErrorCode.LOGIN_EXPIRED,
        );
      }
      expect((await withToken(t.app, user.token, { url: '/api/getLoginUser' })).status).toBe(200);
    });

    it("never touches another user's sessions or records", async () => {
      const anna = await userWithEmail();
      const bobToken = (await signedInUser(t)).token;
      const bobSessions = await withToken<SessionInfo[]>(t.app, bobToken, { url: '/api/sysUser/sessions' });
      const bobSession = bobSessions.body.data[0]?.id;
      const answer = await withToken(t.app, anna.token, {
        method: 'POST',
        url: '/api/sysUser/sessions/revoke',
        payload: { id: bobSession },
      });
      expect(answer.body.data).toEqual({ revoked: 0 });
      expect((await withToken(t.app, bobToken, { url: '/api/getLoginUser' })).status).toBe(200);
      const annaRecords = await withToken<Page<LoginRecord>>(t.app, anna.token, {
        url: '/api/sysUser/loginRecords',
      });
      expect(annaRecords.body.data.totalRows).toBe(1);
    });
  });
