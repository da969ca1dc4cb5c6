// Benchmark: fleet compliance (issue 34), on PostgreSQL and on PGlite. The portal is built in this
// process (buildApp, as bench/webhooks.ts and bench/tasks.ts do) and listens on a loopback port;
// the HTTP figures are fetch() round trips to it, the service figures direct calls.
// 1. One customer (staff-assigned organisation) owning BENCH_SERVERS shipped servers (seeded with
//    SQL) of 3 models, each with 7 firmware kinds and 3 PCIe cards reported (10 components); a
//    catalogue of 7 kinds × 5 versions per model and 3 cards × 3 versions; one approved advisory
//    (BMC before 1.2.0). Measured: `app.services.compliance.fleet(userId, 'en-US')` in-process,
//    `GET /api/fleet/servers?pageSize=20` (the "My servers" first page) and the same page as staff
//    see it (`GET /api/staff/fleet/orgs/:org/servers?pageSize=20`), BENCH_REQUESTS times each.
//    Targets: compliance < 1 s on PostgreSQL, < 3 s on PGlite; first page < 0.5 s.
// 2. An inventory report of every server × 10 components: `POST /api/fleet/inventory` (JSON) and
//    `POST /api/fleet/inventory/upload?dryRun=0` (the same as CSV), each changing every version.
//    Target: < 10 s.
// 3. BENCH_BASE_SERVERS shipped servers over 1,000 customers (the first customer's and more,
//    seeded with SQL, 10 reported components each): `GET /api/staff/fleet/installed-base?kind=BMC`
//    and with `&cve=` the advisory's CVE, as the admin. Target: < 1 s on PostgreSQL. On PGlite only
//    with BENCH_PGLITE_BASE=1.
// `npm run bench:compliance` (BENCH_DRIVERS=postgres,pglite by default); see bench/README.md.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { type Database, openDatabase } from '../apps/server/src/db/connection';
import { seedDatabase } from '../apps/server/src/db/seed/seed';
import { createItem, createModel, createVersion } from '../apps/server/src/test/catalog-factories';
import { createRole, createUser } from '../apps/server/src/test/factories';
import { startPostgres } from '../apps/server/src/test/postgres-server';

const SERVERS = Number(process.env.BENCH_SERVERS ?? 10_000);
const BASE_SERVERS = Number(process.env.BENCH_BASE_SERVERS ?? 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 20);
const DRIVERS = (process.env.BENCH_DRIVERS ?? 'postgres,pglite').split(',');
const PGLITE_BASE = process.env.BENCH_PGLITE_BASE === '1';
const PASSWORD = 'Bench#Pass1';
const CUSTOMER = 'Bench Fleet Co';
const KINDS = ['BMC', 'BIOS', 'PSU', 'DISK', 'NIC', 'CPLD', 'RAID'] as const;
const CARDS = ['PN-BENCH-NIC1', 'PN-BENCH-NIC2', 'PN-BENCH-NIC3'] as const;
const CVE = 'CVE-2026-77777';

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const ms = (value: number) => `${value.toFixed(0)} ms`;
const sn = (n: number) => `BCF${String(n).padStart(7, '0')}`;

type Row = { driver: string; what: string; n: number; p50: number; p95: number; max: number; target: number };

async function timed(n: number, run: () => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < n; i += 1) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  return { n, p50: percentile(times, 50), p95: percentile(times, 95), max: Math.max(...times) };
}

async function call<T>(
  url: string,
  token: string | null,
  method: string,
  body?: unknown,
  contentType = 'application/json',
): Promise<T> {
  const request = () =>
    fetch(url, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': contentType }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
  // A kept-alive connection the portal closed while a long in-process call ran: once more.
  const answer = await request().catch(() => request());
  const json = (await answer.json()) as { code: number; data: T; msg?: string };
  if (!answer.ok || json.code !== 200)
    throw new Error(`${method} ${url}: ${answer.status} ${JSON.stringify(json).slice(0, 500)}`);
  return json.data;
}

/** The versions a component of server `n` reports in round `round` (0: the seeded state). */
function versionOf(n: number, component: number, round: number) {
  const step = (n * 7 + component * 3 + round) % (component < KINDS.length ? 5 : 3);
  return component < KINDS.length ? `1.${step}.0` : `22.${step}`;
}

const components = (n: number, round: number) => [
  ...KINDS.map((kind, i) => ({ kind, version: versionOf(n, i, round) })),
  ...CARDS.map((pn, i) => ({ kind: 'PCIE', pn, version: versionOf(n, KINDS.length + i, round) })),
];

async function scenario(driver: string, open: () => Promise<Database>): Promise<Row[]> {
  const rows: Row[] = [];
  const add = (what: string, figures: Awaited<ReturnType<typeof timed>>, target: number) => {
    rows.push({ driver, what, ...figures, target });
    console.log(
      `[${driver}] ${what}: p50 ${ms(figures.p50)}, p95 ${ms(figures.p95)}, max ${ms(figures.max)} (n=${figures.n})`,
    );
  };
  const database = await open();
  await database.migrate();
  await seedDatabase(database.db, { admin: PASSWORD }, new Date(), { demo: false });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-compliance-'));
  const config = loadConfig({
    CAPTCHA: 'off',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent',
    DATA_DIR: dataDir,
    TASK_WORKERS: '0',
    WEBHOOK_WORKERS: '0',
    SHUTDOWN_DRAIN_MS: '0',
    DATA_DIR_RESERVE_MB: '0',
    LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
  });
  const app = await buildApp({ config, database, logger: false });
  const db = database.db;
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    // The catalogue: 3 models, 7 kinds × 5 versions for all of them, 3 cards × 3 versions.
    const started = performance.now();
    const models = [await createModel(db), await createModel(db), await createModel(db)];
    const modelIds = models.map((model) => model.id);
    for (const kind of KINDS) {
      const item = await createItem(db, { kind, visibility: 'signed_in' });
      for (let v = 0; v < 5; v += 1)
        await createVersion(db, app.services.store, {
          itemId: item.id,
          version: `1.${v}.0`,
          modelIds,
          size: 64,
        });
    }
    for (const pn of CARDS) {
      const item = await createItem(db, { kind: 'PCIE', visibility: 'signed_in' });
      for (let v = 0; v < 3; v += 1)
        await createVersion(db, app.services.store, {
          itemId: item.id,
          version: `22.${v}`,
          parts: [pn],
          size: 64,
        });
    }
    const customerUser = await createUser(db, { roleCodes: ['customer'], organisation: CUSTOMER });
    const login = (account: string, password: string) =>
      call<{ token: string }>(`${base}/api/login`, null, 'POST', { account, password }).then(
        (data) => data.token,
      );
    const customer = await login(customerUser.account, customerUser.password);
    const admin = await login('admin', PASSWORD);

    // The customer's servers and their reported components, in two statements.
    const modelArray = sql.raw(`array[${modelIds.join(',')}]::int[]`);
    const shipped = JSON.stringify(Object.fromEntries(KINDS.map((kind) => [kind, '1.0.0'])));
    const insertServers = (from: number, to: number, customerName: ReturnType<typeof sql>) =>
      db.execute(sql`
        insert into serial_numbers (sn, model_id, customer_name, pcie_parts, installed_firmware)
        select 'BCF' || lpad(g::text, 7, '0'), (${modelArray})[1 + g % 3], ${customerName},
               array['PN-BENCH-NIC1', 'PN-BENCH-NIC2', 'PN-BENCH-NIC3'], ${shipped}::jsonb
        from generate_series(${from}::int, ${to}::int) g`);
    const componentValues = sql.raw(
      [
        ...KINDS.map((kind, i) => `('${kind}', '${kind}', null, ${i})`),
        ...CARDS.map((pn, i) => `('PCIE:${pn}', 'PCIE', '${pn}', ${KINDS.length + i})`),
      ].join(', '),
    );
    // versionOf(n, component, 0) in SQL.
    const insertComponents = (from: number, to: number) =>
      db.execute(sql`
        insert into installed_components (sn, component, kind, pn, version, source, seen_at, reported_by)
        select 'BCF' || lpad(g::text, 7, '0'), c.component, c.kind, c.pn,
               case when c.i < ${KINDS.length} then '1.' || ((g * 7 + c.i * 3) % 5) || '.0'
                    else '22.' || ((g * 7 + c.i * 3) % 3) end,
               'api', now() - interval '1 day', ${customerUser.id}
        from generate_series(${from}::int, ${to}::int) g
        cross join (values ${componentValues}) as c(component, kind, pn, i)`);
    await insertServers(1, SERVERS, sql`${CUSTOMER}`);
    await insertComponents(1, SERVERS);
    await db.execute(sql`analyze`);
    console.log(
      `[${driver}] seeded the catalogue and ${SERVERS} servers × 10 components in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    // A published advisory through the API: BMC before 1.2.0 on the three models.
    await createRole(db, 'bench-psirt', ['advisory:write']);
    const writerUser = await createUser(db, { roleCodes: ['bench-psirt'] });
    const writer = await login(writerUser.account, writerUser.password);
    const created = await call<{ id: number }>(`${base}/api/staff/advisories`, writer, 'POST', {
      tlp: 'WHITE',
      titleZh: 'BMC 漏洞',
      titleEn: 'BMC flaw',
      summaryZh: '摘要',
      summaryEn: 'Summary',
      workaroundsZh: '',
      workaroundsEn: '',
      vulnerabilities: [
        {
          cve: CVE,
          cweId: null,
          cweName: '',
          cvss31Vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H',
          cvss40Vector: null,
          descriptionZh: '',
          descriptionEn: '',
        },
      ],
      affected: modelIds.map((modelId) => ({
        modelId,
        pn: null,
        kind: 'BMC',
        affectedFrom: null,
        fixedIn: '1.2.0',
      })),
      fixedVersionIds: [],
      references: [],
      acknowledgments: [],
      publishAt: null,
      revisionSummary: '',
    });
    await call(`${base}/api/staff/advisories/${created.id}/submit`, writer, 'POST');
    await call(`${base}/api/staff/advisories/${created.id}/approve`, admin, 'POST');

    // 1 and 2: compliance of the whole fleet, and the first page of "My servers".
    const fleet = await app.services.compliance.fleet(customerUser.id, 'en-US');
    const states = new Map<string, number>();
    for (const server of fleet) states.set(server.state, (states.get(server.state) ?? 0) + 1);
    console.log(
      `[${driver}] fleet: ${fleet.length} servers, ${fleet.reduce((n, server) => n + server.components.length, 0)} components, ` +
        [...states].map(([state, n]) => `${state} ${n}`).join(', '),
    );
    if (fleet.length !== SERVERS) throw new Error(`expected ${SERVERS} servers, got ${fleet.length}`);
    const complianceTarget = driver === 'postgres' ? 1000 : 3000;
    add(
      "compliance.fleet(userId, 'en-US') in-process",
      await timed(REQUESTS, () => app.services.compliance.fleet(customerUser.id, 'en-US')),
      complianceTarget,
    );
    const firstPage = `${base}/api/fleet/servers?pageSize=20`;
    const page = await call<{ rows: unknown[]; totalRows: number }>(firstPage, customer, 'GET');
    if (page.rows.length !== 20 || page.totalRows !== SERVERS)
      throw new Error(`first page: ${page.rows.length} rows of ${page.totalRows}`);
    const pages = await timed(REQUESTS, () => call(firstPage, customer, 'GET'));
    add('GET /api/fleet/servers?pageSize=20 (compliance end to end)', pages, complianceTarget);
    add('GET /api/fleet/servers?pageSize=20 (first rows)', pages, 500);
    // The same page as staff see it for the customer's organisation (sysUser:page).
    const orgs = await call<{ id: number; name: string; servers: number }[]>(
      `${base}/api/staff/fleet/orgs`,
      admin,
      'GET',
    );
    const org = orgs.find((row) => row.name === CUSTOMER);
    if (org?.servers !== SERVERS) throw new Error(`staff: organisation ${JSON.stringify(org)}`);
    const staffPage = `${base}/api/staff/fleet/orgs/${org.id}/servers?pageSize=20`;
    add(
      'GET /api/staff/fleet/orgs/:org/servers?pageSize=20 (staff, first rows)',
      await timed(REQUESTS, () => call(staffPage, admin, 'GET')),
      500,
    );

    // 3: reports of every server × 10 components, each changing every version.
    const report = {
      servers: Array.from({ length: SERVERS }, (_, i) => ({
        sn: sn(i + 1),
        components: components(i + 1, 1),
      })),
    };
    const json = JSON.stringify(report);
    let answer: { accepted: number; changed: number } | undefined;
    const reported = await timed(1, async () => {
      answer = await call(`${base}/api/fleet/inventory`, customer, 'POST', json);
    });
    console.log(`[${driver}] JSON report ${(json.length / 1e6).toFixed(1)} MB: ${JSON.stringify(answer)}`);
    add(`POST /api/fleet/inventory (${SERVERS} servers × 10, JSON)`, reported, 10_000);
    const csv = [
      'sn,kind,pn,slot,version,seen_at',
      ...Array.from({ length: SERVERS }, (_, i) =>
        components(i + 1, 2).map((c) => `${sn(i + 1)},${c.kind},${'pn' in c ? c.pn : ''},,${c.version},`),
      ).flat(),
      '',
    ].join('\n');
    let uploaded: { applied: boolean; changed: number; errors: unknown[] } | undefined;
    const upload = await timed(1, async () => {
      uploaded = await call(`${base}/api/fleet/inventory/upload?dryRun=0`, customer, 'POST', csv, 'text/csv');
    });
    console.log(
      `[${driver}] CSV upload ${(csv.length / 1e6).toFixed(1)} MB: applied ${uploaded?.applied}, changed ${uploaded?.changed}, errors ${uploaded?.errors.length}`,
    );
    if (!uploaded?.applied) throw new Error('the CSV upload was not applied');
    add(`POST /api/fleet/inventory/upload?dryRun=0 (${SERVERS} servers × 10, CSV)`, upload, 10_000);
    // Compliance again after the reports (history rows now exist too).
    add(
      'GET /api/fleet/servers?pageSize=20 after the two reports',
      await timed(REQUESTS, () => call(firstPage, customer, 'GET')),
      500,
    );

    // 4: the vendor's installed base over BASE_SERVERS servers of 1,000 customers.
    if (driver === 'postgres' || PGLITE_BASE) {
      const more = performance.now();
      // In slices: one statement for 900,000 rows would pass the pool's statement timeout.
      for (let from = SERVERS + 1; from <= BASE_SERVERS; from += 10_000) {
        const to = Math.min(BASE_SERVERS, from + 9_999);
        await insertServers(from, to, sql`'Bench customer ' || (g % 999)`);
        await insertComponents(from, to);
      }
      await db.execute(sql`analyze`);
      console.log(
        `[${driver}] seeded ${BASE_SERVERS - SERVERS} more servers × 10 components in ${((performance.now() - more) / 1000).toFixed(1)} s`,
      );
      for (const query of ['kind=BMC', `kind=BMC&cve=${CVE}`]) {
        const url = `${base}/api/staff/fleet/installed-base?${query}`;
        const result = await call<{ servers: number; exposed: unknown; versions: unknown[] }>(
          url,
          admin,
          'GET',
        );
        console.log(
          `[${driver}] installed base ${query}: ${result.servers} servers, ${result.versions.length} versions, exposed ${JSON.stringify(result.exposed)}`,
        );
        if (result.servers !== BASE_SERVERS)
          throw new Error(`installed base counts ${result.servers} servers`);
        add(
          `GET /api/staff/fleet/installed-base?${query} (${BASE_SERVERS} servers)`,
          await timed(Math.min(REQUESTS, 10), () => call(url, admin, 'GET')),
          1000,
        );
      }
    }
  } finally {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}

async function main() {
  const rows: Row[] = [];
  for (const driver of DRIVERS) {
    if (driver === 'postgres') {
      const postgres = await startPostgres();
      try {
        const admin = new pg.Client({ connectionString: postgres.url });
        await admin.connect();
        await admin.query('create database bench_compliance');
        await admin.end();
        const url = postgres.url.replace(/\/postgres$/, '/bench_compliance');
        rows.push(...(await scenario('postgres', () => openDatabase({ databaseUrl: url }))));
      } finally {
        postgres.stop();
      }
    } else if (driver === 'pglite') {
      rows.push(...(await scenario('pglite', () => openDatabase({}))));
    }
  }
  console.log(
    `\ncompliance: ${SERVERS} servers × 10 components, ${REQUESTS} requests per case, Node ${process.version}, ` +
      `${os.cpus().length} cores, load average ${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}`,
  );
  console.log('| driver | measured | n | p50 | p95 | max | target | met |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const row of rows)
    console.log(
      `| ${row.driver} | ${row.what} | ${row.n} | ${ms(row.p50)} | ${ms(row.p95)} | ${ms(row.max)} | ` +
        `< ${ms(row.target)} | ${row.p95 < row.target ? 'yes' : 'NO'} |`,
    );
  if (rows.some((row) => row.p95 >= row.target)) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
