import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { type Database, openDatabase } from '../../db/connection';
import { mailOutbox } from '../../db/schema';
import { ManualClock } from '../../lib/clock';
import { freePort } from '../../test/free-port';
import { startSmtpReceiver } from '../../test/smtp-receiver';
import { openableSeededDatabase } from '../../test/template-database';
import { ADMIN_PASSWORD, createTestApp, DEMO_PASSWORD, DRIVERS, type Driver } from '../../test/test-app';
import { MAIL_RETRY } from './mail-retry-policy';
import { MailService, type MailTiming } from './mail.service';

/**
 * The mail queue across portal processes: apps built on one database (PostgreSQL shared by two
 * live apps; either driver reopened after the first app stopped), their retry loops' rounds run
 * by the test with one test clock.
 */
describe('mail queue across processes', () => {
  const cleanup: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });

  const clock = new ManualClock();
  /** Where the database lives, migrated and seeded, so that another app can open it again. */
  const placeFor = async (driver: Driver) => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-mail-queue-'));
    cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
    return openableSeededDatabase(
      driver,
      { demo: false, now: clock.now(), passwords: { admin: ADMIN_PASSWORD, demo: DEMO_PASSWORD } },
      dataDir,
    );
  };
  const openApp = async (
    place: { databaseUrl: string } | { dataDir: string },
    smtpPort: number,
  ): Promise<{ app: FastifyInstance; database: Database; stop: () => Promise<void> }> => {
    const database = await openDatabase({ ...place, poolSize: 4 });
    const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-mail-app-'));
    const config = loadConfig({
      CAPTCHA: 'off',
      WEB_DIST_DIR: '/nonexistent',
      DATA_DIR: dataDir,
      TASK_WORKERS: '0',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    });
    const app = await buildApp({ config, database, clock, logger: false });
    await app.ready();
    let stopped = false;
    const stop = async () => {
      if (stopped) return;
      stopped = true;
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    };
    cleanup.push(stop);
    return { app, database, stop };
  };

  it('two apps on one PostgreSQL database deliver each queued mail exactly once', async () => {
    const port = await freePort();
    const place = await placeFor('postgres');
    const a = await openApp(place, port);
    const b = await openApp(place, port);
    const recipients = Array.from({ length: 30 }, (_, n) => `fleet${n}@example.com`);
    for (const [n, to] of recipients.entries())
      await (n % 2 === 0 ? a : b).app.services.mail.send({ to, subject: `Notice ${n}`, text: 'Body' });
    expect(await a.app.services.mail.backlog()).toMatchObject({ queued: 30 });

    const smtp = await startSmtpReceiver({ port });
    cleanup.push(() => smtp.close());
    clock.advance(MAIL_RETRY.firstDelayMs);
    // Both loops at once, several rounds each, over the same queue.
    const rounds = await Promise.all([a, b, a, b].map((process) => process.app.services.mail.retryDue()));
    expect(rounds.reduce((sum, round) => sum + round.sent, 0)).toBe(30);
    expect(smtp.received.map((mail) => mail.to[0]).sort()).toEqual([...recipients].sort());
    expect(await a.app.services.mail.backlog()).toEqual({ queued: 0, oldestCreatedAt: null });
    // Each process sent some: the claims were shared, not serialised by one.
    expect(rounds.filter((round) => round.sent > 0).length).toBeGreaterThan(1);
  });

  it.each(DRIVERS)(
    'a mail queued by an app that stopped is delivered by the next one on %s',
    async (driver) => {
      const port = await freePort();
      const place = await placeFor(driver);
      const first = await openApp(place, port);
      await first.app.services.mail.send({ to: 'queued@example.com', subject: 'Queued', text: 'Body' });
      // An attempt in flight when its process died: claimed, its outcome never written.
      await first.app.services.mail.send({ to: 'inflight@example.com', subject: 'In flight', text: 'Body' });
      await first.database.db
        .update(mailOutbox)
        .set({ attempts: 1, claimedUntil: new Date(clock.now().getTime() + MAIL_RETRY.claimMs) })
        .where(eq(mailOutbox.recipient, 'inflight@example.com'));
      await first.stop();

      const smtp = await startSmtpReceiver({ port });
      cleanup.push(() => smtp.close());
      const next = await openApp(place, port);
      clock.advance(MAIL_RETRY.firstDelayMs);
      expect(await next.app.services.mail.retryDue()).toEqual({ sent: 1, expired: 0 });
      expect(smtp.received.map((mail) => mail.to[0])).toEqual(['queued@example.com']);
      // The claim of the dead attempt runs out: then it is tried again.
      clock.advance(MAIL_RETRY.claimMs);
      expect(await next.app.services.mail.retryDue()).toEqual({ sent: 1, expired: 0 });
      expect(smtp.received.map((mail) => mail.to[0])).toEqual(['queued@example.com', 'inflight@example.com']);
    },
  );

  it('answers within a few seconds when the mail server accepts connections but never greets', async () => {
    const sockets: net.Socket[] = [];
    const silent = net.createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as net.AddressInfo).port;
    cleanup.push(
      () =>
        new Promise<void>((resolve) => {
          for (const socket of sockets) socket.destroy();
          silent.close(() => resolve());
        }),
    );
    // One process is enough here: a test app (a copy of the run's seeded template) to write to.
    const t = await createTestApp('pglite');
    cleanup.push(() => t.close());
    // The policy's 4 s answer and 5 s greeting timeout, scaled down: the test waits them out for real.
    const timing: MailTiming = {
      answerWithinMs: 400,
      smtp: { connectionTimeout: 500, greetingTimeout: 800, socketTimeout: 1_500 },
    };
    const mail = new MailService(t.db, t.clock, t.app.log, {
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'Portal <no-reply@localhost>',
      timing,
    });
    const started = Date.now();
    expect(await mail.send({ to: 'slow@example.com', subject: 'Slow', text: 'Body' })).toBe('queued');
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThanOrEqual(timing.answerWithinMs - 100);
    expect(waited).toBeLessThan(timing.answerWithinMs + 1_000);
    // The attempt goes on until the greeting timeout, then records its failure.
    await mail.drain();
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, 'slow@example.com'));
    expect(row).toMatchObject({ status: 'queued', attempts: 1, claimedUntil: null });
    expect(row?.error).toMatch(/greeting/i);
  });
});
