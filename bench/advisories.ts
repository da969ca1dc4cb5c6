// Benchmark: security advisories (issue 33). The real portal (`node apps/server/dist/main.js`,
// built first with apps/server/scripts/build-server.mjs) on a PostgreSQL of its own.
// 1. Fan-out: BENCH_CUSTOMERS accounts (seeded with SQL), each with one verified server of the
//    affected model and one active webhook to one of BENCH_RECEIVERS local receivers; an advisory
//    is created, submitted and approved through the HTTP API (a writer and a second person) with
//    its publishAt a few seconds ahead. Measured from publishAt: when every notice row exists
//    and when every advisory.published delivery has arrived (target: all within 60 s).
// 2. CSAF distribution: BENCH_ADVISORIES approved, visible advisories (copies of the real one's
//    revision and documents, inserted with SQL: approving 1,000 through the API would sign and
//    validate 2,000 documents), then the ROLIE feed and the provider metadata under
//    BENCH_CONNECTIONS connections for BENCH_SECONDS each, plain GETs and If-None-Match GETs
//    (target: p95 under 100 ms). `npm run bench:advisories`; see bench/README.md.

import os from 'node:os';
import pg from 'pg';
import { advisoryInput } from '../apps/server/src/test/advisory-input';
import { startPostgres } from '../apps/server/src/test/postgres-server';
import { startReceiver } from '../apps/server/src/test/webhook-receivers';
import { startBuiltPortal } from './support/built-portal';
import { getLoad, type Load } from './support/get-load';
import { percentile } from './support/percentile';
import { envNumber } from './support/env-number';

const CUSTOMERS = envNumber('BENCH_CUSTOMERS', 10_000);
const RECEIVERS = envNumber('BENCH_RECEIVERS', 4);
const ADVISORIES = envNumber('BENCH_ADVISORIES', 1000);
const CONNECTIONS = envNumber('BENCH_CONNECTIONS', 32);
const SECONDS = envNumber('BENCH_SECONDS', 10);
/** How far ahead of the approval the embargo ends. */
const LEAD_MS = envNumber('BENCH_LEAD_MS', 5000);
const DEADLINE_MS = envNumber('BENCH_DEADLINE_MS', 300_000);
const FANOUT_TARGET_MS = 60_000;
const LATENCY_TARGET_MS = 100;
const PASSWORD = 'Bench#Pass1';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

async function api<T>(url: string, token: string | null, method: string, body?: unknown): Promise<T> {
  const answer = await fetch(url, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await answer.json()) as { code: number; data: T; msg?: string };
  if (!answer.ok) throw new Error(`${method} ${url}: ${answer.status} ${JSON.stringify(json)}`);
  return json.data;
}

const login = (base: string, account: string) =>
  api<{ token: string }>(`${base}/api/login`, null, 'POST', { account, password: PASSWORD }).then(
    (data) => data.token,
  );

type Fanout = {
  advisoryId: string;
  notices: number;
  delivered: number;
  noticesAfter: number | null;
  deliveredAfter: number | null;
  announcedAfter: number | null;
  p50: number;
  p95: number;
  p99: number;
  first: number;
};

async function fanout(client: pg.Client, base: string): Promise<Fanout & { advisoryPk: number }> {
  const receivers = await Promise.all(Array.from({ length: RECEIVERS }, () => startReceiver()));
  try {
    // The affected model, and the accounts, servers, bindings and webhooks in a few statements.
    const modelId = (
      await client.query<{ id: number }>(
        `insert into server_models (code, family, name_zh, name_en)
         values ('BA1-2U', 'BA1', '测试机型 BA1-2U', 'Bench model BA1-2U') returning id`,
      )
    ).rows[0]!.id;
    const seedStart = Date.now();
    await client.query('begin');
    const { rows: bench } = await client.query<{ id: number; n: number }>(
      `insert into users (account, password_hash, nick_name, name)
       select 'bench_adv_' || g, 'x', 'Bench ' || g, 'Bench ' || g from generate_series(1, $1) g
       returning id, substring(account from 11)::int as n`,
      [CUSTOMERS],
    );
    const ids = bench.map((row) => row.id);
    const ns = bench.map((row) => row.n);
    await client.query(
      `insert into serial_numbers (sn, model_id, customer_name, installed_firmware)
       select 'BENCHADV' || lpad(n::text, 6, '0'), $2, 'Bench customer ' || n, '{"BMC":"2.1.0"}'::jsonb
       from unnest($1::int[]) n`,
      [ns, modelId],
    );
    await client.query(
      `insert into user_serials (user_id, sn, state, bound_at, verified_at)
       select id, 'BENCHADV' || lpad(n::text, 6, '0'), 'verified', now(), now()
       from unnest($1::int[], $2::int[]) as t(id, n)`,
      [ids, ns],
    );
    await client.query(
      `insert into webhooks (user_id, url, secret, events)
       select id, ($3::text[])[1 + n % $4], 'whsec_bench', array['advisory.published']
       from unnest($1::int[], $2::int[]) as t(id, n)`,
      [ids, ns, receivers.map((receiver) => receiver.url('/hooks')), RECEIVERS],
    );
    await client.query('commit');
    console.log(`seeded ${CUSTOMERS} customers in ${((Date.now() - seedStart) / 1000).toFixed(1)} s`);

    // A writer (advisory:write) creates and submits; the admin (advisory:approve) approves.
    const roleId = (
      await client.query<{ id: number }>(
        `insert into roles (code, name_zh, name_en) values ('bench-psirt', 'bench-psirt', 'bench-psirt') returning id`,
      )
    ).rows[0]!.id;
    await client.query(
      `insert into role_permissions (role_id, permission_code) values ($1, 'advisory:write')`,
      [roleId],
    );
    await client.query(
      `insert into users (account, password_hash) select 'bench_writer', password_hash from users where account = 'admin'`,
    );
    await client.query(
      `insert into user_roles (user_id, role_id) select id, $1 from users where account = 'bench_writer'`,
      [roleId],
    );
    const admin = await login(base, 'admin');
    const writer = await login(base, 'bench_writer');
    // A first advisory, for a model nobody owns, approved at once: the signing key is made on the
    // first approval (seconds), which is not what is measured.
    const otherModel = (
      await client.query<{ id: number }>(
        `insert into server_models (code, family, name_zh, name_en)
         values ('BA2-2U', 'BA2', '测试机型 BA2-2U', 'Bench model BA2-2U') returning id`,
      )
    ).rows[0]!.id;
    const warmUp = await api<{ id: number }>(`${base}/api/staff/advisories`, writer, 'POST', {
      ...advisoryInput(otherModel),
      publishAt: null,
    });
    await api(`${base}/api/staff/advisories/${warmUp.id}/submit`, writer, 'POST');
    await api(`${base}/api/staff/advisories/${warmUp.id}/approve`, admin, 'POST');
    const publishAt = new Date(Date.now() + LEAD_MS);
    const created = await api<{ id: number; advisoryId: string }>(
      `${base}/api/staff/advisories`,
      writer,
      'POST',
      { ...advisoryInput(modelId), publishAt: publishAt.toISOString() },
    );
    await api(`${base}/api/staff/advisories/${created.id}/submit`, writer, 'POST');
    await api(`${base}/api/staff/advisories/${created.id}/approve`, admin, 'POST');
    const approvedAhead = publishAt.getTime() - Date.now();
    console.log(`${created.advisoryId} approved ${approvedAhead} ms before its publishAt`);
    if (approvedAhead < 0) console.log('WARNING: approved after publishAt; raise BENCH_LEAD_MS');

    const t0 = publishAt.getTime();
    const firstUser = ids[0]!;
    const arrivals = () => receivers.flatMap((receiver) => receiver.arrivals);
    let noticesAfter: number | null = null;
    let announcedAfter: number | null = null;
    let notices = 0;
    while (Date.now() - t0 < DEADLINE_MS) {
      if (noticesAfter === null) {
        notices = (
          await client.query<{ n: number }>(
            `select count(*)::int as n from notices where user_id >= $1 and created_at >= $2`,
            [firstUser, new Date(t0 - 60_000)],
          )
        ).rows[0]!.n;
        if (notices >= CUSTOMERS) noticesAfter = Date.now() - t0;
      }
      if (noticesAfter !== null && arrivals().length >= CUSTOMERS) break;
      await sleep(50);
    }
    const delivered = arrivals().length;
    const deliveredAfter = delivered >= CUSTOMERS ? Math.max(...arrivals().map((a) => a.at)) - t0 : null;
    const revision = (
      await client.query<{ announced_at: Date | null; advisory_pk: number }>(
        `select r.announced_at, r.advisory_pk from advisory_revisions r where r.advisory_pk = $1`,
        [created.id],
      )
    ).rows[0]!;
    if (revision.announced_at) announcedAfter = revision.announced_at.getTime() - t0;
    const latency = arrivals().map((arrival) => arrival.at - t0);
    return {
      advisoryPk: revision.advisory_pk,
      advisoryId: created.advisoryId,
      notices,
      delivered,
      noticesAfter,
      deliveredAfter,
      announcedAfter,
      p50: percentile(latency, 50),
      p95: percentile(latency, 95),
      p99: percentile(latency, 99),
      first: latency.length ? Math.min(...latency) : 0,
    };
  } finally {
    for (const receiver of receivers) await receiver.close();
  }
}

/** BENCH_ADVISORIES - 2 copies of advisory `pk`'s (visible) revision and documents, visible now. */
async function copyAdvisories(client: pg.Client, pk: number) {
  const started = Date.now();
  // The warm-up advisory and the measured one are visible too.
  const copies = ADVISORIES - 2;
  await client.query('begin');
  await client.query(
    `insert into advisories (advisory_id, status, input)
     select 'PFW-BENCH-' || lpad(g::text, 5, '0'), 'approved', a.input
     from advisories a, generate_series(1, $2) g where a.id = $1`,
    [pk, copies],
  );
  await client.query(
    `insert into advisory_revisions (advisory_pk, number, visible_from, summary, snapshot, tlp, severity,
       base_score, cves, model_ids, pns, fixed_version_ids, search_text, announced_at)
     select c.id, 1, now() - make_interval(secs => 3600 + (substring(c.advisory_id from 11))::int),
            r.summary, r.snapshot || jsonb_build_object('advisoryId', c.advisory_id), r.tlp, r.severity,
            r.base_score, r.cves, r.model_ids, r.pns, r.fixed_version_ids, r.search_text, now()
     from advisories c, advisory_revisions r
     where c.advisory_id like 'PFW-BENCH-%' and r.advisory_pk = $1`,
    [pk],
  );
  await client.query(
    `insert into advisory_documents (revision_id, locale, file_name, body, sha256, sha512, signature, key_fingerprint)
     select nr.id, d.locale, lower(c.advisory_id) || '.json', d.body, d.sha256, d.sha512, d.signature, d.key_fingerprint
     from advisories c
     join advisory_revisions nr on nr.advisory_pk = c.id
     join advisory_revisions r on r.advisory_pk = $1
     join advisory_documents d on d.revision_id = r.id
     where c.advisory_id like 'PFW-BENCH-%'`,
    [pk],
  );
  await client.query('commit');
  await client.query('analyze');
  console.log(
    `inserted ${copies} more advisories with SQL in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

async function main() {
  const postgres = await startPostgres();
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  await admin.query(`create database bench_advisories`);
  await admin.end();
  const databaseUrl = postgres.url.replace(/\/postgres$/, '/bench_advisories');
  const portal = await startBuiltPortal(databaseUrl, PASSWORD);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let result: Fanout | undefined;
  const loads: Load[] = [];
  const load = { connections: CONNECTIONS, seconds: SECONDS };
  try {
    const fan = await fanout(client, portal.url);
    result = fan;
    await copyAdvisories(client, fan.advisoryPk);
    const visible = (
      await client.query<{ n: number }>(
        `select count(*)::int as n from advisory_revisions where visible_from <= now() and tlp = 'WHITE'`,
      )
    ).rows[0]!.n;
    console.log(`${visible} WHITE advisories visible`);
    for (const [label, route] of [
      ['ROLIE feed (TLP:WHITE)', '/.well-known/csaf/white/csaf-feed-tlp-white.json'],
      ['provider metadata', '/.well-known/csaf/provider-metadata.json'],
    ] as const) {
      const url = `${portal.url}${route}`;
      const first = await fetch(url);
      const etag = first.headers.get('etag');
      if (!first.ok || !etag) throw new Error(`${route}: ${first.status}, etag ${etag}`);
      if (route.includes('feed')) {
        const entries = ((await first.json()) as { feed: { entry: unknown[] } }).feed.entry.length;
        console.log(`feed entries: ${entries}`);
      }
      loads.push(await getLoad(`${label}, plain GET`, url, {}, load));
      loads.push(
        await getLoad(`${label}, GET with Accept-Encoding: gzip`, url, { 'accept-encoding': 'gzip' }, load),
      );
      loads.push(await getLoad(`${label}, If-None-Match`, url, { 'if-none-match': etag }, load));
    }
  } finally {
    await client.end();
    await portal.close();
    postgres.stop();
  }

  console.log(
    `\nadvisories: ${CUSTOMERS} affected customers, ${RECEIVERS} receivers, PostgreSQL, Node ${process.version}, ${os.cpus().length} cores`,
  );
  const r = result;
  const s = (ms: number | null) => (ms === null ? 'not within the deadline' : `${(ms / 1000).toFixed(1)} s`);
  console.log(
    '| notices | deliveries | announced (claimed) after | all notices after | all deliveries after | arrival p50 | p95 | p99 | first |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  console.log(
    `| ${r.notices}/${CUSTOMERS} | ${r.delivered}/${CUSTOMERS} | ${s(r.announcedAfter)} | ${s(r.noticesAfter)} | ${s(r.deliveredAfter)} | ` +
      `${s(r.p50)} | ${s(r.p95)} | ${s(r.p99)} | ${s(r.first)} |`,
  );
  console.log(`\nCSAF distribution: ${ADVISORIES} advisories, ${CONNECTIONS} connections, ${SECONDS} s each`);
  console.log('| request | requests | req/s | statuses | body bytes | p50 | p95 | p99 | max |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const l of loads)
    console.log(
      `| ${l.label} | ${l.requests} | ${l.perSecond.toFixed(0)} | ${l.statuses} | ${l.bytes} | ` +
        `${l.p50.toFixed(1)} ms | ${l.p95.toFixed(1)} ms | ${l.p99.toFixed(1)} ms | ${l.max.toFixed(1)} ms |`,
    );
  const fanoutOk =
    r.deliveredAfter !== null && r.noticesAfter !== null && r.deliveredAfter < FANOUT_TARGET_MS;
  const latencyOk = loads.every((l) => l.p95 < LATENCY_TARGET_MS);
  console.log(`\nevery customer notified within 60 s: ${fanoutOk ? 'yes' : 'NO'}`);
  console.log(`feed and metadata p95 under 100 ms: ${latencyOk ? 'yes' : 'NO'}`);
  if (!fanoutOk || !latencyOk) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
