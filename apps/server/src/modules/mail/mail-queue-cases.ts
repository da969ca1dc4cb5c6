import { ErrorCode, type OutboxEntry } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema';
import { createUser } from '../../test/factories';
import { freePort } from '../../test/free-port';
import { codeIn, lastMailTo } from '../../test/outbox';
import { tokenFor, withToken } from '../../test/requests';
import { mailText, startSmtpReceiver } from '../../test/smtp-receiver';
import { adminToken, createTestApp, type Driver, type SmtpReceiver, type TestApp } from '../../test/test-app';
import { MAIL_RETRY } from './mail-retry-policy';

type CodeAnswer = { destination: string; expiresInSeconds: number; mailDelayed?: string };

/**
 * The mail queue against a real SMTP receiver that is down (nothing listens on the portal's
 * SMTP port) and then comes back on that port. The retry loop's rounds are run by the test
 * (`retryDue`, what the worker's timer calls) with the test clock stepped over the backoff.
 *
 * On one driver: a file each (mail-queue-pglite.test.ts and mail-queue-postgres.test.ts), so
 * that the two run beside each other rather than one after the other in one file.
 */
export const describeMailQueue = (only: Driver) =>
  describe.each([only])('mail queue with the mail server down on %s', (driver) => {
    let t: TestApp;
    let port: number;
    let smtp: SmtpReceiver | undefined;
    beforeEach(async () => {
      port = await freePort();
      t = await createTestApp(driver, { config: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
    });
    afterEach(async () => {
      await t.close();
      await smtp?.close();
      smtp = undefined;
    });

    const mailServerBack = async () => {
      smtp = await startSmtpReceiver({ port });
      return smtp;
    };
    const retryRound = () => t.app.services.mail.retryDue();
    const askRegistrationCode = async (email: string, locale = 'en-US', remoteAddress = '203.0.113.5') => {
      const response = await t.app.inject({
        url: `/api/auth/emailCode?email=${encodeURIComponent(email)}&locale=${locale}`,
        remoteAddress,
      });
      return { status: response.statusCode, body: response.json<{ success: boolean; data: CodeAnswer }>() };
    };
    const rowsTo = (recipient: string) =>
      t.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, recipient));

    it('answers a code request with success saying the mail is delayed, then the loop delivers it once', async () => {
      const asked = t.clock.now();
      const answer = await askRegistrationCode('nina@example.com');
      expect(answer.status).toBe(200);
      expect(answer.body.success).toBe(true);
      expect(answer.body.data).toMatchObject({ destination: 'n***@example.com', expiresInSeconds: 600 });
      expect(answer.body.data.mailDelayed).toBe(
        'The mail server is not answering right now: your code to n***@example.com will be sent as soon as it does, and is valid for 10 minutes. If it has not arrived by then, ask for a new one.',
      );
      const [queued] = await rowsTo('nina@example.com');
      expect(queued).toMatchObject({ status: 'queued', attempts: 1, claimedUntil: null, sentAt: null });
      expect(queued?.error).toMatch(/ECONNREFUSED/);
      expect(queued?.nextAttemptAt?.getTime()).toBe(asked.getTime() + MAIL_RETRY.firstDelayMs);
      expect(queued?.expiresAt?.getTime()).toBe(asked.getTime() + 600_000);

      // Staff see it waiting, with its attempts and when the next one is due.
      const admin = await adminToken(t.app);
      const outbox = await withToken<{ rows: OutboxEntry[] }>(t.app, admin, {
        url: '/api/sysMessage/outbox?channel=mail&pageNo=1&pageSize=10',
      });
      expect(outbox.body.data.rows[0]).toMatchObject({
        recipient: 'nina@example.com',
        status: 'queued',
        attempts: 1,
        nextAttemptTime: new Date(asked.getTime() + MAIL_RETRY.firstDelayMs).toISOString(),
        sentTime: null,
      });

      // Not due yet: the loop leaves it alone even with the server back.
      const receiver = await mailServerBack();
      expect(await retryRound()).toEqual({ sent: 0, expired: 0 });
      expect(receiver.received).toHaveLength(0);

      t.clock.advance(MAIL_RETRY.firstDelayMs);
      expect(await retryRound()).toEqual({ sent: 1, expired: 0 });
      t.clock.advance(MAIL_RETRY.maxDelayMs);
      expect(await retryRound()).toEqual({ sent: 0, expired: 0 });
      expect(receiver.received).toHaveLength(1);
      expect(receiver.received[0]?.to).toEqual(['nina@example.com']);
      const delivered = await lastMailTo(t.db, 'nina@example.com');
      expect(delivered).toMatchObject({ status: 'sent', attempts: 2, nextAttemptAt: null });
      // The failure that held it back stays beside it for staff.
      expect(delivered?.error).toMatch(/ECONNREFUSED/);
      expect(codeIn(mailText(receiver.received[0]?.raw ?? ''))).toBe(codeIn(delivered?.body));
      const after = await withToken<{ rows: OutboxEntry[] }>(t.app, admin, {
        url: '/api/sysMessage/outbox?channel=mail&pageNo=1&pageSize=10',
      });
      expect(after.body.data.rows[0]).toMatchObject({
        status: 'sent',
        attempts: 2,
        nextAttemptTime: null,
        sentTime: new Date(asked.getTime() + MAIL_RETRY.firstDelayMs).toISOString(),
      });
    });

    it('says so in Chinese too, and answers a registered address exactly like a new one', async () => {
      await createUser(t.db, { email: 'owner@example.com', account: 'owner' });
      const fresh = await askRegistrationCode('newcomer@example.com', 'zh-CN');
      const registered = await askRegistrationCode('owner@example.com', 'zh-CN');
      expect(fresh.body.data.mailDelayed).toBe(
        '邮件服务器暂时没有响应：发往 n***@example.com 的验证码将在它恢复后立即发出，验证码 10 分钟内有效。若届时仍未收到，请重新获取。',
      );
      const withoutAddress = (answer: CodeAnswer) => ({
        ...answer,
        destination: undefined,
        mailDelayed: answer.mailDelayed?.replace(answer.destination, ''),
      });
      expect(withoutAddress(registered.body.data)).toEqual(withoutAddress(fresh.body.data));
      // Both mails wait in the queue: the code for the new address, the warning for the owner.
      expect(await rowsTo('owner@example.com')).toMatchObject([
        { status: 'queued', subject: '有人尝试使用您的邮箱注册' },
      ]);

      const receiver = await mailServerBack();
      t.clock.advance(MAIL_RETRY.firstDelayMs);
      expect(await retryRound()).toEqual({ sent: 2, expired: 0 });
      expect(receiver.received.map((mail) => mail.to[0]).sort()).toEqual([
        'newcomer@example.com',
        'owner@example.com',
      ]);
    });

    it('never delivers a code that expired while queued, but still delivers a mail without expiry', async () => {
      await askRegistrationCode('late@example.com');
      await t.app.services.mail.send({ to: 'notice@example.com', subject: 'Notice', text: 'A notice' });
      t.clock.advance(600_000);
      const receiver = await mailServerBack();
      expect(await retryRound()).toEqual({ sent: 1, expired: 1 });
      expect(receiver.received.map((mail) => mail.to)).toEqual([['notice@example.com']]);
      expect(await rowsTo('late@example.com')).toMatchObject([{ status: 'expired', nextAttemptAt: null }]);
      t.clock.advance(MAIL_RETRY.maxDelayMs);
      expect(await retryRound()).toEqual({ sent: 0, expired: 0 });
      expect(receiver.received).toHaveLength(1);
    });

    it('waits 30 s, 1 min, 2 min ... at most 30 min between attempts, and fails a mail for good after a day', async () => {
      await t.app.services.mail.send({ to: 'patient@example.com', subject: 'Notice', text: 'A notice' });
      const waits: number[] = [];
      for (;;) {
        const [row] = await rowsTo('patient@example.com');
        if (row?.status !== 'queued' || !row.nextAttemptAt) break;
        waits.push(row.nextAttemptAt.getTime() - t.clock.now().getTime());
        t.clock.advance(row.nextAttemptAt.getTime() - t.clock.now().getTime());
        await retryRound();
      }
      expect(waits.slice(0, 8).map((ms) => ms / 1000)).toEqual([30, 60, 120, 240, 480, 960, 1800, 1800]);
      const total = waits.reduce((sum, ms) => sum + ms, 0);
      expect(total).toBeLessThanOrEqual(MAIL_RETRY.giveUpAfterMs);
      expect(total).toBeGreaterThan(MAIL_RETRY.giveUpAfterMs - MAIL_RETRY.maxDelayMs);
      const [given] = await rowsTo('patient@example.com');
      expect(given).toMatchObject({ status: 'failed', attempts: waits.length + 1, nextAttemptAt: null });
      expect(given?.error).toMatch(/ECONNREFUSED/);
    });

    it('queues without trying while an attempt failed moments ago, and flushes the queue once one passes', async () => {
      const mail = t.app.services.mail;
      expect(await mail.send({ to: 'first@example.com', subject: 'One', text: 'One' })).toBe('queued');
      t.clock.advance(MAIL_RETRY.firstDelayMs);
      await retryRound(); // the first mail fails again: its next try is a minute away
      expect((await rowsTo('first@example.com'))[0]?.attempts).toBe(2);
      // Within 30 s of that failure: written for the loop, no attempt of its own.
      expect(await mail.send({ to: 'second@example.com', subject: 'Two', text: 'Two' })).toBe('queued');
      expect(await rowsTo('second@example.com')).toMatchObject([
        { status: 'queued', attempts: 0, error: null },
      ]);

      const receiver = await mailServerBack();
      t.clock.advance(MAIL_RETRY.firstDelayMs);
      // A mail the server takes at once: the ones waiting out a backoff are due again now.
      expect(await mail.send({ to: 'third@example.com', subject: 'Three', text: 'Three' })).toBe('sent');
      expect(await retryRound()).toEqual({ sent: 2, expired: 0 });
      expect(receiver.received.map((received) => received.to[0])).toEqual([
        'third@example.com',
        'second@example.com',
        'first@example.com',
      ]);
    });

    it('fails a mail the server refuses (no such mailbox) at once: the code form says it could not be sent', async () => {
      smtp = await startSmtpReceiver({ port, refuse: { 'ghost@example.com': 550 } });
      const answer = await askRegistrationCode('ghost@example.com');
      expect(answer.status).toBe(502);
      expect(answer.body).toMatchObject({ success: false, code: ErrorCode.VERIFY_CODE_SEND_FAILED });
      const [row] = await rowsTo('ghost@example.com');
      expect(row).toMatchObject({ status: 'failed', attempts: 1, nextAttemptAt: null });
      expect(row?.error).toMatch(/550/);
      t.clock.advance(MAIL_RETRY.maxDelayMs);
      expect(await retryRound()).toEqual({ sent: 0, expired: 0 });
    });

    it('retries a recipient the server refuses for now (mailbox full) without holding back the others', async () => {
      const mail = t.app.services.mail;
      await mail.send({ to: 'full@example.com', subject: 'Full', text: 'Body' });
      t.clock.advance(MAIL_RETRY.firstDelayMs);
      await mail.send({ to: 'later@example.com', subject: 'Later', text: 'Body' });
      const receiver = (smtp = await startSmtpReceiver({ port, refuse: { 'full@example.com': 452 } }));
      t.clock.advance(MAIL_RETRY.firstDelayMs);
      // The refused mail comes first; the server answered, so the round goes on to the next one.
      expect(await retryRound()).toEqual({ sent: 1, expired: 0 });
      // Nor does a new mail wait as if the server were away: it is tried at once.
      expect(await mail.send({ to: 'fine@example.com', subject: 'Fine', text: 'Body' })).toBe('sent');
      expect(receiver.received.map((received) => received.to[0])).toEqual([
        'later@example.com',
        'fine@example.com',
      ]);
      // Tried in the round, and once more when the first mail through woke the queue after the outage.
      const [full] = await rowsTo('full@example.com');
      expect(full).toMatchObject({ status: 'queued', attempts: 3 });
      expect(full?.error).toMatch(/452/);
      // Only once: later mails through do not wake it again.
      await mail.send({ to: 'other@example.com', subject: 'Other', text: 'Body' });
      expect(await retryRound()).toEqual({ sent: 0, expired: 0 });
      expect((await rowsTo('full@example.com'))[0]?.attempts).toBe(3);
    });

    it('reports the delay of a signed-in code mail (password change) and of recovery while the server is down', async () => {
      const user = await createUser(t.db, {
        roleCodes: ['customer'],
        email: 'rosa@example.com',
        account: 'rosa',
      });
      const token = await tokenFor(t.app, 'rosa', user.password);
      const code = await withToken<CodeAnswer>(t.app, token, {
        url: '/api/sysUser/getVerifyCode?locale=en-US',
      });
      expect(code.body.data.mailDelayed).toContain(
        'your code to r***@example.com will be sent as soon as it does',
      );

      const recover = async (account: string) => {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/auth/recover?locale=en-US',
          payload: { account },
        });
        await t.app.services.recovery.drain();
        return response.json<{ data: { linkValidMinutes: number; mailDelayed?: string } }>().data;
      };
      // A mail waits after a failed attempt: every recovery answer says the server is not answering.
      const known = await recover('rosa');
      const unknown = await recover('nobody-here');
      expect(known).toEqual(unknown);
      expect(known.mailDelayed).toBe(
        'The mail server is not answering right now: if the account exists, the link to set a new password will be mailed to its address as soon as it does, and is valid for 30 minutes. If it has not arrived by then, ask again.',
      );
      const [link] = (await rowsTo('rosa@example.com')).filter((row) =>
        row.body.includes('/user/recover?token='),
      );
      expect(link?.status).toBe('queued');
      expect(link?.expiresAt?.getTime()).toBe(t.clock.now().getTime() + 30 * 60_000);

      const receiver = await mailServerBack();
      t.clock.advance(MAIL_RETRY.firstDelayMs);
      expect((await retryRound()).sent).toBe(2);
      expect(receiver.received.map((mail) => mail.to[0])).toEqual(['rosa@example.com', 'rosa@example.com']);
      // Nothing waits any more: the answer is the plain one again.
      expect(await recover('nobody-here')).toEqual({ linkValidMinutes: 30 });
    });
  });
