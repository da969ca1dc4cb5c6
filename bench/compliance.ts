// Benchmark: fleet compliance (issue 34), on PostgreSQL and on PGlite. The portal is built in this
// process (startPortalApp, as bench/webhooks.ts and bench/tasks.ts do) and listens on a loopback port;
// the HTTP figures are fetch() round trips to it, the service figures direct calls.
// 1. One customer (staff-assigned organisation) owning BENCH_SERVERS shipped servers (seeded with
//    SQL), a realistic fleet (issue 40): 4 models; each server has its own shipped versions, 1 to 3
//    PCIe cards of 6 part numbers in varying slots, and every component's version drawn on its own
//    (a hash of SN and component, not one step for all), so nearly every server runs a combination
//    of its own; 15 % never reported (only the shipped firmware is known). A catalogue of 7 kinds ×
//    5 versions (RAID for 3 of the 4 models) and 6 cards × 3 versions; the customer's baselines
//    pinned for 2 models; one approved advisory (BMC before 1.2.0, and a card before 22.1).
//    Measured: `app.services.compliance.fleet(userId, 'en-US')` in-process, the very first
//    `GET /api/fleet/servers?pageSize=20` (cold), the same page BENCH_REQUESTS times ("first rows",
//    with its summary per state), the same page as staff see it
//    (`GET /api/staff/fleet/orgs/:org/servers?pageSize=20`), and the first page right after a
//    firmware is published (n=1: an event that changes every server's inputs).
//    Targets: compliance < 1 s on PostgreSQL, < 3 s on PGlite (per 10,000 servers); first rows
//    < 0.3 s on PostgreSQL, < 0.5 s on PGlite; < 1 s at 100,000 servers on PostgreSQL.
// 2. An inventory report of every reported server (at most 10,000, the report cap), each
//    component: `POST /api/fleet/inventory` (JSON) and `POST /api/fleet/inventory/upload?dryRun=0`
//    (the same as CSV), each changing every version; then the first page again (the first request
//    after a report included). Target: < 10 s.
// 3. BENCH_BASE_SERVERS shipped servers over 1,000 customers (the first customer's and more,
//    seeded with SQL, 10 reported components each): `GET /api/staff/fleet/installed-base?kind=BMC`
//    and with `&cve=` the advisory's CVE, as the admin. Target: < 1 s on PostgreSQL. On PGlite only
//    with BENCH_PGLITE_BASE=1; not at all with BENCH_BASE_SERVERS=0.
// `npm run bench:compliance` (BENCH_DRIVERS=postgres,pglite by default); see bench/README.md.
// 100,000 servers: `BENCH_SERVERS=100000 BENCH_DRIVERS=postgres npm run bench:compliance` (the
// in-process `fleet` is then timed 3 times, the reports send the first 10,000 servers).

import os from 'node:os';
import { sql } from 'drizzle-orm';
import { COMPLIANCE_STATES } from '@portal/contract';
import { type Database, openDatabase } from '../apps/server/src/db/connection';
import { rowsOf } from '../apps/server/src/db/raw-rows';
import { bmcBefore, flawAdvisoryInput } from '../apps/server/src/test/advisory-input';
import { createItem, createModel, createVersion } from '../apps/server/src/test/catalog-factories';
import { createRole, createUser } from '../apps/server/src/test/factories';
import { startPostgres } from '../apps/server/src/test/postgres-server';
import { BENCH_PASSWORD, createBenchDatabase, NO_BACKGROUND_WORK, startPortalApp } from './support/portal';
import { envNumber } from './support/env-number';
import { checkFacetHash, facetHash, facetHashSql, installFacetHash } from './support/fleet-facets';

const SERVERS = envNumber('BENCH_SERVERS', 10_000);
const BASE_SERVERS = envNumber('BENCH_BASE_SERVERS', 100_000);
const REQUESTS = envNumber('BENCH_REQUESTS', 20);
const DRIVERS = (process.env.BENCH_DRIVERS ?? 'postgres,pglite').split(',');
const PGLITE_BASE = process.env.BENCH_PGLITE_BASE === '1';
const CUSTOMER = 'Bench Fleet Co';
const KINDS = ['BMC', 'BIOS', 'PSU', 'DISK', 'NIC', 'CPLD', 'RAID'] as const;
const CARDS = [
  'PN-BENCH-NIC1',
  'PN-BENCH-NIC2',
  'PN-BENCH-NIC3',
  'PN-BENCH-HBA1',
  'PN-BENCH-GPU1',
  'PN-BENCH-NVME',
] as const;
const MODELS = 4;
/** At most this many servers in one report (INVENTORY_LIMITS.servers). */
const REPORT_CAP = 10_000;
/** Servers (in percent) that never reported: only their shipped firmware is known. */
const NEVER_REPORTED = 15;
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

/**
 * A value of server `n`'s facet `c` in 0..65535 is `facetHash(n, c)`, drawn independently per
 * facet; `hashSql` is the same in SQL (support/fleet-facets.ts), so the seeded fleet and the
 * JSON/CSV reports agree.
 */
const hashSql = (c: string) => facetHashSql('g', c);
// Facets: 0-6 the kinds' reported versions, 10-12 the cards' versions, 20 how many cards, 30-32
// each card's part number, 40 the slots, 50-56 the shipped versions, 98 how up to date the
// server is kept, 99 never reported.
const reportsAtAll = (n: number) => facetHash(n, 99) % 100 >= NEVER_REPORTED;
const cardsOf = (n: number) =>
  Array.from({ length: 1 + (facetHash(n, 20) % 3) }, (_, j) => ({
    pn: CARDS[facetHash(n, 30 + j) % CARDS.length]!,
    slot: String(1 + j + 3 * (facetHash(n, 40) % 2)),
    facet: 10 + j,
  }));

/**
 * Which of `count` releases (0: the oldest) facet `facet` of server `n` runs. As in a real fleet,
 * most components run the newest release and the rest an older one, and how up to date a server
 * is depends on who looks after it (facet 98): the newest with a likelihood from 50 % to 95 %,
 * else any older release, each component drawn on its own. Uniform draws would leave no server
 * current on all seven kinds. `versionIndexSql` is the same in SQL.
 */
const versionIndex = (n: number, facet: number, count: number) => {
  const h = facetHash(n, facet);
  return h % 100 < 50 + (facetHash(n, 98) % 46) ? count - 1 : (h >>> 7) % (count - 1);
};
const versionIndexSql = (facet: string, count: number) =>
  `(case when ${hashSql(facet)} % 100 < 50 + ${hashSql('98')} % 46 then ${count - 1} ` +
  `else (${hashSql(facet)} >> 7) % ${count - 1} end)`;

/** What server `n` reports in round `round` (0: the seeded state): each component on its own. */
const components = (n: number, round: number) => [
  ...KINDS.map((kind, i) => ({ kind, version: `1.${(versionIndex(n, i, 5) + round) % 5}.0` })),
  ...cardsOf(n).map((card) => ({
    kind: 'PCIE',
    pn: card.pn,
    slot: card.slot,
    version: `22.${(versionIndex(n, card.facet, 3) + round) % 3}`,
  })),
];

async function scenario(driver: string, open: () => Promise<Database>): Promise<Row[]> {
  const rows: Row[] = [];
  const add = (what: string, figures: Awaited<ReturnType<typeof timed>>, target: number) => {
    rows.push({ driver, what, ...figures, target });
    console.log(
      `[${driver}] ${what}: p50 ${ms(figures.p50)}, p95 ${ms(figures.p95)}, max ${ms(figures.max)} (n=${figures.n})`,
    );
  };
  const portal = await startPortalApp({ open, demo: false, config: NO_BACKGROUND_WORK });
  const { app, db, url: base } = portal;
  try {
    // The catalogue: 4 models, 7 kinds × 5 versions (RAID for the first 3 only), 6 cards × 3 versions.
    const started = performance.now();
    const models = [];
    for (let m = 0; m < MODELS; m += 1) models.push(await createModel(db));
    const modelIds = models.map((model) => model.id);
    const versionIds = new Map<string, number>();
    for (const kind of KINDS) {
      const item = await createItem(db, { kind, visibility: 'signed_in' });
      for (let v = 0; v < 5; v += 1) {
        const created = await createVersion(db, app.services.store, {
          itemId: item.id,
          version: `1.${v}.0`,
          modelIds: kind === 'RAID' ? modelIds.slice(0, 3) : modelIds,
          size: 64,
        });
        versionIds.set(`${kind}:1.${v}.0`, created.id);
      }
    }
    for (const pn of CARDS) {
      const item = await createItem(db, { kind: 'PCIE', visibility: 'signed_in' });
      for (let v = 0; v < 3; v += 1) {
        const created = await createVersion(db, app.services.store, {
          itemId: item.id,
          version: `22.${v}`,
          parts: [pn],
          size: 64,
        });
        versionIds.set(`PCIE:${pn}:22.${v}`, created.id);
      }
    }
    const customerUser = await createUser(db, { roleCodes: ['customer'], organisation: CUSTOMER });
    const login = (account: string, password: string) =>
      call<{ token: string }>(`${base}/api/login`, null, 'POST', { account, password }).then(
        (data) => data.token,
      );
    const customer = await login(customerUser.account, customerUser.password);
    const admin = await login('admin', BENCH_PASSWORD);

    // The customer's servers and their reported components, in two statements per slice; each
    // server's model, cards, slots, shipped and reported versions drawn on their own (hashSql).
    await installFacetHash(db);
    await checkFacetHash(db);
    const modelArray = sql.raw(`array[${modelIds.join(',')}]::int[]`);
    const cardArray = `array[${CARDS.map((pn) => `'${pn}'`).join(',')}]::text[]`;
    const kindValues = sql.raw(KINDS.map((kind, i) => `('${kind}', ${i})`).join(', '));
    const cards = sql.raw(`
        select j, (${cardArray})[1 + ${hashSql('30 + j')} % ${CARDS.length}] as pn,
               (1 + j + 3 * (${hashSql('40')} % 2))::text as slot
        from generate_series(0, (${hashSql('20')} % 3)::int) j`);
    const insertServers = (from: number, to: number, customerName: ReturnType<typeof sql>) =>
      db.execute(sql`
        insert into serial_numbers (sn, model_id, customer_name, pcie_parts, installed_firmware)
        select 'BCF' || lpad(g::text, 7, '0'), (${modelArray})[1 + g % ${MODELS}], ${customerName},
               array(select c.pn from (${cards}) c order by c.j),
               (select jsonb_object_agg(k.kind, '1.' || (${sql.raw(hashSql('50 + k.i'))} % 3) || '.0')
                from (values ${kindValues}) as k(kind, i))
        from generate_series(${from}::int, ${to}::int) g`);
    // components(n, 0) in SQL, for the servers that report at all.
    const reporting = sql.raw(`${hashSql('99')} % 100 >= ${NEVER_REPORTED}`);
    const insertComponents = (from: number, to: number) =>
      db.execute(sql`
        insert into installed_components (sn, component, kind, pn, slot, version, source, seen_at, reported_by)
        select 'BCF' || lpad(g::text, 7, '0'), k.kind, k.kind, null, null,
               '1.' || ${sql.raw(versionIndexSql('k.i', 5))} || '.0', 'api', now() - interval '1 day', ${customerUser.id}::int
        from generate_series(${from}::int, ${to}::int) g
        cross join (values ${kindValues}) as k(kind, i)
        where ${reporting}
        union all
        select 'BCF' || lpad(g::text, 7, '0'), 'PCIE:' || c.pn || ':' || c.slot, 'PCIE', c.pn, c.slot,
               '22.' || ${sql.raw(versionIndexSql('10 + c.j', 3))}, 'api', now() - interval '1 day', ${customerUser.id}::int
        from generate_series(${from}::int, ${to}::int) g
        cross join lateral (${cards}) c
        where ${reporting}`);
    for (let from = 1; from <= SERVERS; from += 10_000) {
      const to = Math.min(SERVERS, from + 9_999);
      await insertServers(from, to, sql`${CUSTOMER}`);
      await insertComponents(from, to);
    }
    await db.execute(sql`analyze`);
    const seeded = await rowsOf<{ components: number | string; reported: number | string }>(
      db,
      sql`select count(*) as components, count(distinct sn) as reported from installed_components`,
    );
    // The fleet's shape: how many servers run a combination of versions of their own.
    const [shape] = await rowsOf<{ kinds: number | string; all: number | string }>(
      db,
      sql`select count(distinct kinds) as kinds, count(distinct everything) as all
          from (select string_agg(component || '=' || version, ',' order by component)
                         filter (where kind <> 'PCIE') as kinds,
                       string_agg(component || '=' || version, ',' order by component) as everything
                from installed_components group by sn) per_server`,
    );
    console.log(
      `[${driver}] seeded the catalogue and ${SERVERS} servers (${seeded[0]?.reported} reported, ${seeded[0]?.components} components) in ${((performance.now() - started) / 1000).toFixed(1)} s; ` +
        `${shape?.kinds} distinct combinations of the ${KINDS.length} kinds' versions, ${shape?.all} with the cards`,
    );
    // The customer's baselines for 2 of the 4 models.
    for (const model of models.slice(0, 2))
      await call(`${base}/api/fleet/baselines/${model.code}`, customer, 'PUT', {
        name: `Golden ${model.code}`,
        versions: {
          BMC: versionIds.get('BMC:1.3.0'),
          BIOS: versionIds.get('BIOS:1.2.0'),
          'PCIE:PN-BENCH-NIC1': versionIds.get('PCIE:PN-BENCH-NIC1:22.1'),
        },
      });

    // A published advisory through the API: BMC before 1.2.0 on every model, a card before 22.1.
    await createRole(db, 'bench-psirt', ['advisory:write']);
    const writerUser = await createUser(db, { roleCodes: ['bench-psirt'] });
    const writer = await login(writerUser.account, writerUser.password);
    const created = await call<{ id: number }>(
      `${base}/api/staff/advisories`,
      writer,
      'POST',
      flawAdvisoryInput({
        title: ['BMC 漏洞', 'BMC flaw'],
        cve: CVE,
        affected: [
          ...modelIds.flatMap((modelId) => bmcBefore(modelId, '1.2.0')),
          { modelId: null, pn: 'PN-BENCH-NIC2', kind: 'NIC', affectedFrom: null, fixedIn: '22.1' },
        ],
      }),
    );
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
    const complianceTarget = ((driver === 'postgres' ? 1000 : 3000) * Math.max(SERVERS, 10_000)) / 10_000;
    add(
      "compliance.fleet(userId, 'en-US') in-process",
      await timed(SERVERS > 10_000 ? 3 : REQUESTS, () =>
        app.services.compliance.fleet(customerUser.id, 'en-US'),
      ),
      complianceTarget,
    );
    const firstRowsTarget = SERVERS > 10_000 ? 1000 : driver === 'postgres' ? 300 : 500;
    const firstPage = `${base}/api/fleet/servers?pageSize=20`;
    let page: { rows: unknown[]; totalRows: number; summary: Record<string, number> } | undefined;
    const cold = await timed(1, async () => {
      page = await call(firstPage, customer, 'GET');
    });
    if (page?.rows.length !== 20 || page.totalRows !== SERVERS)
      throw new Error(`first page: ${page?.rows.length} rows of ${page?.totalRows}`);
    if (
      JSON.stringify(page.summary) !==
      JSON.stringify(Object.fromEntries(COMPLIANCE_STATES.map((state) => [state, states.get(state) ?? 0])))
    )
      throw new Error(
        `summary ${JSON.stringify(page.summary)} is not the fleet's ${JSON.stringify([...states])}`,
      );
    add('GET /api/fleet/servers?pageSize=20, the first request (cold)', cold, complianceTarget);
    add(
      'GET /api/fleet/servers?pageSize=20 (first rows)',
      await timed(REQUESTS, () => call(firstPage, customer, 'GET')),
      firstRowsTarget,
    );
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
      'GET /api/staff/fleet/orgs/:org/servers?pageSize=20, the first request (cold)',
      await timed(1, () => call(staffPage, admin, 'GET')),
      complianceTarget,
    );
    add(
      'GET /api/staff/fleet/orgs/:org/servers?pageSize=20 (staff, first rows)',
      await timed(REQUESTS, () => call(staffPage, admin, 'GET')),
      firstRowsTarget,
    );
    // A new BMC release for every model changes every server's inputs: the next page.
    const bmcItem = await rowsOf<{ item_id: number }>(
      db,
      sql`select item_id from catalog_versions where id = ${versionIds.get('BMC:1.0.0')!}`,
    );
    await createVersion(db, app.services.store, {
      itemId: Number(bmcItem[0]!.item_id),
      version: '1.5.0',
      modelIds,
      size: 64,
    });
    add(
      'GET /api/fleet/servers?pageSize=20, the first after a publish',
      await timed(1, () => call(firstPage, customer, 'GET')),
      complianceTarget,
    );

    // 3: reports of every server × 10 components, each changing every version.
    const reporters = Array.from({ length: SERVERS }, (_, i) => i + 1)
      .filter(reportsAtAll)
      .slice(0, REPORT_CAP);
    const report = {
      servers: reporters.map((n) => ({ sn: sn(n), components: components(n, 1) })),
    };
    const json = JSON.stringify(report);
    let answer: { accepted: number; changed: number } | undefined;
    const reported = await timed(1, async () => {
      answer = await call(`${base}/api/fleet/inventory`, customer, 'POST', json);
    });
    console.log(`[${driver}] JSON report ${(json.length / 1e6).toFixed(1)} MB: ${JSON.stringify(answer)}`);
    if (answer?.accepted !== reporters.length) throw new Error(`the JSON report took ${answer?.accepted}`);
    add(`POST /api/fleet/inventory (${reporters.length} servers, JSON)`, reported, 10_000);
    add(
      'GET /api/fleet/servers?pageSize=20, the first after the JSON report',
      await timed(1, () => call(firstPage, customer, 'GET')),
      complianceTarget,
    );
    const csv = [
      'sn,kind,pn,slot,version,seen_at',
      ...reporters.flatMap((n) =>
        components(n, 2).map(
          (c) => `${sn(n)},${c.kind},${'pn' in c ? c.pn : ''},${'slot' in c ? c.slot : ''},${c.version},`,
        ),
      ),
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
    add(`POST /api/fleet/inventory/upload?dryRun=0 (${reporters.length} servers, CSV)`, upload, 10_000);
    // Compliance again after the reports (history rows now exist too): the first request, then the next ones.
    add(
      'GET /api/fleet/servers?pageSize=20, the first after the CSV upload',
      await timed(1, () => call(firstPage, customer, 'GET')),
      complianceTarget,
    );
    add(
      'GET /api/fleet/servers?pageSize=20 after the two reports',
      await timed(REQUESTS, () => call(firstPage, customer, 'GET')),
      firstRowsTarget,
    );

    // 4: the vendor's installed base over BASE_SERVERS servers of 1,000 customers.
    if (BASE_SERVERS > 0 && (driver === 'postgres' || PGLITE_BASE)) {
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
    await portal.close();
  }
  return rows;
}

async function main() {
  const rows: Row[] = [];
  for (const driver of DRIVERS) {
    if (driver === 'postgres') {
      const postgres = await startPostgres();
      try {
        const url = await createBenchDatabase(postgres.url, 'bench_compliance');
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
