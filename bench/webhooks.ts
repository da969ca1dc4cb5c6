// Benchmark: webhook deliveries while some receivers never answer (issue 32 §2). The real portal
// (in this process, on PostgreSQL or PGlite) delivers release events to BENCH_ENDPOINTS local
// HTTP receivers, one account each, of which BENCH_TARPITS accept connections and never answer;
// BENCH_EVENTS releases are published at BENCH_RATE a second, each for the servers of one
// account in turn. Measured: how long the healthy receivers wait, from the delivery's creation
// (and from the event) to its arrival; run once without tarpits, once with. See bench/README.md.

import { sql } from 'drizzle-orm';
import { type Database, type Db, openDatabase } from '../apps/server/src/db/connection';
import { webhooks } from '../apps/server/src/db/schema';
import { enqueueWebhookEvent } from '../apps/server/src/modules/webhooks/webhook-queues';
import { type WebhookRequest, WebhookSender } from '../apps/server/src/modules/webhooks/webhook-sender';
import {
  bindSerial,
  createItem,
  createModel,
  createServer,
  createVersion,
} from '../apps/server/src/test/catalog-factories';
import { createUser } from '../apps/server/src/test/factories';
import { startPostgres } from '../apps/server/src/test/postgres-server';
import { startReceiver, startTarpit } from '../apps/server/src/test/webhook-receivers';
import { percentile } from './support/percentile';
import { createBenchDatabase, startPortalApp } from './support/portal';
import { envNumber } from './support/env-number';

const ENDPOINTS = envNumber('BENCH_ENDPOINTS', 50);
const TARPITS = envNumber('BENCH_TARPITS', 5);
const EVENTS = envNumber('BENCH_EVENTS', 1000);
const RATE = envNumber('BENCH_RATE', 20);
const DRIVER = process.env.BENCH_DRIVER === 'pglite' ? 'pglite' : 'postgres';
/** The portal's setting unless given. */
const WORKERS = process.env.BENCH_WEBHOOK_WORKERS;
/** The healthy deliveries must arrive within this, or the run is reported as incomplete. */
const DEADLINE_MS = envNumber('BENCH_DEADLINE_MS', 300_000);

/**
 * Attempts in flight per receiver URL, counted where they are made (the sender), and the most
 * ever at once: what a receiver holds of the delivery workers.
 */
const inFlight = new Map<string, number>();
const mostInFlight = new Map<string, number>();
const send = WebhookSender.prototype.send;
WebhookSender.prototype.send = async function (this: WebhookSender, request: WebhookRequest) {
  const now = (inFlight.get(request.url) ?? 0) + 1;
  inFlight.set(request.url, now);
  mostInFlight.set(request.url, Math.max(now, mostInFlight.get(request.url) ?? 0));
  try {
    return await send.call(this, request);
  } finally {
    inFlight.set(request.url, (inFlight.get(request.url) ?? 1) - 1);
  }
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

type Result = {
  tarpits: number;
  healthyExpected: number;
  healthyDelivered: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  eventP95: number;
  seconds: number;
  tarpitMostAtOnce: number;
  /** Connections the tarpits took in all (attempts made to them). */
  tarpitConnections: number;
  /** Seconds from the first event until every tarpit's webhook was paused; null: not within a minute more. */
  allPausedAfter: number | null;
};

async function scenario(tarpitCount: number, open: () => Promise<Database>): Promise<Result> {
  const portal = await startPortalApp({
    open,
    demo: false,
    config: {
      LOG_LEVEL: 'silent',
      // The fan-out of each release runs on the task workers.
      TASK_WORKERS: '2',
      WEBHOOK_ALLOW_PRIVATE: 'on',
      SHUTDOWN_GRACE_MS: '3000',
      SHUTDOWN_DRAIN_MS: '0',
      ...(WORKERS ? { WEBHOOK_WORKERS: WORKERS } : {}),
    },
  });
  const { app, db } = portal;
  const tarpits = await Promise.all(Array.from({ length: tarpitCount }, () => startTarpit()));
  const receivers = await Promise.all(Array.from({ length: ENDPOINTS - tarpitCount }, () => startReceiver()));
  const arrivals = () => receivers.flatMap((receiver) => receiver.arrivals);
  try {
    // One account, server model and webhook per endpoint; the tarpits first.
    const models: number[] = [];
    for (let n = 0; n < ENDPOINTS; n += 1) {
      const user = await createUser(db, { roleCodes: ['customer'] });
      const model = await createModel(db);
      const server = await createServer(db, { modelId: model.id });
      await bindSerial(db, user.id, server.sn);
      const url = n < tarpitCount ? tarpits[n]!.url('/hooks') : receivers[n - tarpitCount]!.url('/hooks');
      await app.services.webhooks.create(user.id, { url, events: ['release.published'], active: true });
      models.push(model.id);
    }
    const item = await createItem(db, { kind: 'BMC' });
    const versions: number[] = [];
    for (let n = 0; n < EVENTS; n += 1)
      versions.push(
        (
          await createVersion(db, app.services.store, {
            itemId: item.id,
            version: `1.${Math.floor(n / 1000)}.${n % 1000}`,
            modelIds: [models[n % ENDPOINTS]!],
            size: 16,
          })
        ).id,
      );
    const healthyExpected = versions.filter((_, n) => n % ENDPOINTS >= tarpitCount).length;
    await app.ready();

    const raisedAt = new Map<number, number>();
    const started = Date.now();
    for (const [n, versionId] of versions.entries()) {
      await sleep(started + (n * 1000) / RATE - Date.now());
      raisedAt.set(versionId, Date.now());
      await db.transaction((tx) =>
        enqueueWebhookEvent(app.services.jobs, tx as unknown as Db, {
          event: 'release.published',
          versionId,
        }),
      );
    }
    while (arrivals().length < healthyExpected && Date.now() - started < DEADLINE_MS) await sleep(100);
    const seconds = (Date.now() - started) / 1000;
    // Then how long until every tarpit's webhook is paused (its circuit open), a minute at most.
    const pausedNow = async () =>
      (
        (await db
          .select({ n: sql<number>`count(*)::int` })
          .from(webhooks)
          .where(sql`${webhooks.pausedUntil} is not null`)) as [{ n: number }]
      )[0].n;
    while ((await pausedNow()) < tarpitCount && Date.now() - started < seconds * 1000 + 60_000)
      await sleep(500);
    const allPausedAfter = (await pausedNow()) >= tarpitCount ? (Date.now() - started) / 1000 : null;

    const delivery: number[] = [];
    const event: number[] = [];
    for (const arrival of arrivals()) {
      const body = JSON.parse(arrival.body) as { createdAt: string; data: { versionId: number } };
      delivery.push(arrival.at - new Date(body.createdAt).getTime());
      event.push(arrival.at - (raisedAt.get(body.data.versionId) ?? arrival.at));
    }
    return {
      tarpits: tarpitCount,
      healthyExpected,
      healthyDelivered: arrivals().length,
      p50: percentile(delivery, 50),
      p95: percentile(delivery, 95),
      p99: percentile(delivery, 99),
      max: Math.max(0, ...delivery),
      eventP95: percentile(event, 95),
      seconds,
      tarpitMostAtOnce: Math.max(0, ...tarpits.map((tarpit) => mostInFlight.get(tarpit.url('/hooks')) ?? 0)),
      tarpitConnections: tarpits.reduce((sum, tarpit) => sum + tarpit.connections, 0),
      allPausedAfter,
    };
  } finally {
    for (const tarpit of tarpits) await tarpit.close();
    await portal.close();
    for (const receiver of receivers) await receiver.close();
  }
}

async function main() {
  const postgres = DRIVER === 'postgres' ? await startPostgres() : undefined;
  let n = 0;
  const open = async () => {
    if (!postgres) return openDatabase({});
    const url = await createBenchDatabase(postgres.url, `bench_webhooks_${process.pid}_${(n += 1)}`);
    return openDatabase({ databaseUrl: url, poolSize: 10 });
  };
  const results: Result[] = [];
  try {
    for (const tarpits of [0, TARPITS]) results.push(await scenario(tarpits, open));
  } finally {
    postgres?.stop();
  }
  console.log(
    `\nwebhooks: ${ENDPOINTS} endpoints, ${EVENTS} events at ${RATE}/s on ${DRIVER}, ` +
      `WEBHOOK_WORKERS ${WORKERS ?? 'default'}, Node ${process.version}`,
  );
  console.log(
    '| tarpits | healthy delivered | delivery p50 | p95 | p99 | max | event -> arrival p95 | healthy done after | attempts in flight to one tarpit at most, attempts to tarpits | all tarpits paused after |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const r of results)
    console.log(
      `| ${r.tarpits} | ${r.healthyDelivered}/${r.healthyExpected} | ${r.p50} ms | ${r.p95} ms | ${r.p99} ms | ` +
        `${r.max} ms | ${r.eventP95} ms | ${r.seconds.toFixed(1)} s | ${r.tarpitMostAtOnce}, ${r.tarpitConnections} | ` +
        `${r.tarpits === 0 ? '-' : r.allPausedAfter === null ? 'not yet' : `${r.allPausedAfter.toFixed(1)} s`} |`,
    );
  const loaded = results[results.length - 1]!;
  const ok = loaded.healthyDelivered === loaded.healthyExpected && loaded.p95 < 5_000;
  console.log(ok ? '\nhealthy p95 under 5 s: yes' : '\nhealthy p95 under 5 s: NO');
  if (!ok) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
