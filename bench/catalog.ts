// Benchmark: catalogue list/search latency with 100,000 versions and 1,000,000 download
// records on PostgreSQL (issue 5 target: p95 < 20 ms). See bench/README.md.

import os from 'node:os';
import pg from 'pg';
import { startPostgres } from '../apps/server/src/test/postgres-server';
import { startBenchPortal } from './support/portal';
import { startPortalProcess } from './support/portal-process';
import { envNumber } from './support/env-number';

const VERSIONS = envNumber('BENCH_VERSIONS', 100_000);
const RECORDS = envNumber('BENCH_RECORDS', 1_000_000);
// 250 per case: the two public cases share the public list's rate limit (600 a minute), and
// the rounds over all ten cases take well over a minute.
const REQUESTS = envNumber('BENCH_REQUESTS', 250);
const ITEMS = 2_000;

/** Bulk data in SQL (generate_series), next to the seeded demo catalogue. */
async function load(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const started = Date.now();
    await client.query(`
      insert into catalog_items (code, kind, section, name_zh, name_en, visibility, sort)
      select 'bench-item-' || i,
             (array['BMC','BIOS','PSU','DISK','NIC','CPLD','RAID','PCIE','SOFTWARE','TOOL'])[1 + i % 10],
             case when i % 10 = 8 then 'platform' else '' end,
             '基准条目 ' || i, 'Bench ' || (array['Atlas','Boreal','Cinder','Delta','Ember'])[1 + i % 5] || ' firmware ' || i,
             (array['public','signed_in','signed_in','restricted'])[1 + i % 4], 100
      from generate_series(1, ${ITEMS}) i`);
    await client.query(`
      insert into catalog_item_grants (item_id, grant_type, value)
      select id, 'customer', 'benchcustomer' || (id % 50) from catalog_items where visibility = 'restricted' and code like 'bench-item-%'`);
    await client.query(`
      insert into catalog_versions (item_id, version, status, release_date, file_category, file_name, file_size,
                                    sha256, md5, storage_key, severity, cves, published_at)
      select it.id,
             (v % 9) || '.' || (v % 23) || '.' || v,
             case when v % 50 = 0 then 'recalled' else 'published' end,
             date '2020-01-01' + (v % 2000),
             'firmware', 'bench-' || v || '.tar.gz', 1000 + v,
             md5(v::text) || md5((v + 1)::text), md5(v::text), 'bench/' || v,
             (array['urgent','recommended','optional'])[1 + v % 3],
             case when v % 97 = 0 then array['CVE-2025-' || (10000 + v % 500)] else '{}'::text[] end,
             now()
      from generate_series(1, ${VERSIONS}) v
      join lateral (select id from catalog_items where code = 'bench-item-' || (1 + v % ${ITEMS})) it on true`);
    await client.query(`
      insert into catalog_version_models (version_id, model_id)
      select cv.id, sm.id from catalog_versions cv
      join catalog_items ci on ci.id = cv.item_id and ci.code like 'bench-item-%'
      join server_models sm on sm.id = 1 + (cv.id % (select count(*) from server_models))
      on conflict do nothing`);
    await client.query(`
      insert into download_records (user_id, version_id, bytes, range, ip, status, created_at)
      select case when r % 3 = 0 then (select id from users where account = 'demo') else null end,
             (select min(id) from catalog_versions) + (r % ${VERSIONS}),
             1000, '', '127.0.0.1', 'complete', now() - (r % 365) * interval '1 day'
      from generate_series(1, ${RECORDS}) r`);
    // The load is one statement, so each statistics row (2,000 of them) was rewritten by the
    // trigger once per version of its item, all in one transaction: about 50 dead copies each,
    // 700 pages for 2,000 rows. A live portal publishes one version per transaction and HOT
    // pruning keeps the table at its size (15 pages); so the load compacts it.
    await client.query('vacuum full catalog_item_stats');
    // What autovacuum does to a live database: statistics and the visibility map (index-only scans).
    await client.query('vacuum analyze');
    // And what the checkpointer does in its own time: the load's pages written out before the
    // timing, not during it.
    await client.query('checkpoint');
    const counts = await client.query(
      `select (select count(*) from catalog_versions) as versions, (select count(*) from download_records) as records`,
    );
    console.log(`loaded in ${Math.round((Date.now() - started) / 1000)} s:`, counts.rows[0]);
  } finally {
    await client.end();
  }
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

type Case = { name: string; token: string | null; path: string };

/** One timed request of a case; throws on an unsuccessful answer. */
async function timed(base: string, { name, token, path }: Case) {
  const headers: Record<string, string> = { 'accept-language': 'en-US' };
  if (token) headers.authorization = `Bearer ${token}`;
  const started = performance.now();
  const answer = await fetch(`${base}${path}`, { headers });
  const body = (await answer.json()) as { success: boolean; data?: { totalRows?: number } };
  const ms = performance.now() - started;
  if (!body.success) throw new Error(`${name}: ${JSON.stringify(body).slice(0, 200)}`);
  return { ms, rows: body.data?.totalRows ?? -1 };
}

/**
 * Sequential requests, the cases taken in turn (one request of each, then the next round), so
 * that a burst of load from outside the benchmark (this is a shared 2-core machine) is spread
 * over all cases instead of falling on whichever case runs at that moment.
 */
async function measure(base: string, cases: Case[]) {
  for (let i = 0; i < 20; i++) for (const c of cases) await timed(base, c);
  const times = cases.map(() => [] as number[]);
  const rows = cases.map(() => -1);
  for (let i = 0; i < REQUESTS; i++) {
    for (const [index, c] of cases.entries()) {
      const { ms, rows: total } = await timed(base, c);
      times[index]!.push(ms);
      rows[index] = total;
    }
  }
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return cases.map((c, index) => {
    const sorted = [...times[index]!].sort((x, y) => x - y);
    return {
      case: c.name,
      reader: c.token ? 'customer' : 'anonymous',
      'total rows': rows[index],
      'p50 ms': round(percentile(sorted, 50)),
      'p95 ms': round(percentile(sorted, 95)),
      'p99 ms': round(percentile(sorted, 99)),
    };
  });
}

// BENCH_HOLD=1: load, print the database URL and keep the cluster up (for EXPLAIN work);
// BENCH_DATABASE_URL=<that URL>: measure against an already loaded database.
const reuse = process.env.BENCH_DATABASE_URL;
const postgres = reuse ? { url: reuse, stop: () => undefined } : await startPostgres();
if (process.env.BENCH_HOLD === '1') {
  const portal = await startBenchPortal({ databaseUrl: postgres.url });
  await load(postgres.url);
  await portal.close();
  console.log(`loaded; BENCH_DATABASE_URL=${postgres.url} (Ctrl-C stops the cluster)`);
  process.on('SIGINT', () => {
    postgres.stop();
    process.exit(0);
  });
  await new Promise(() => undefined);
}
try {
  const portal = await startPortalProcess({ databaseUrl: postgres.url });
  try {
    if (!reuse) await load(postgres.url);
    const list = '/api/catalog/versions';
    const cases = (
      [
        ['default list, page 1', portal.token, `${list}?pageNo=1&pageSize=10`],
        ['kind + model filter', portal.token, `${list}?kind=BMC&model=M7-2U&pageSize=10`],
        ['keyword search', portal.token, `${list}?q=Boreal&pageSize=10`],
        ['CVE search', portal.token, `${list}?q=CVE-2025-10042&pageSize=10`],
        ['latest per item', portal.token, `${list}?latest=true&pageSize=10`],
        ['deep page 500', portal.token, `${list}?pageNo=500&pageSize=10`],
        ['sort by name', portal.token, `${list}?sortField=name&sortOrder=ascend&pageSize=10`],
        ['public list', null, `/api/public/catalog/versions?pageSize=10`],
        ['public keyword search', null, `/api/public/catalog/versions?q=Atlas&pageSize=10`],
        ['my download records', portal.token, `/api/sysUser/downloadRecords?pageNo=1&pageSize=10`],
      ] as const
    ).map(([name, token, path]) => ({ name, token, path }));
    const rows = await measure(portal.url, cases);
    console.log(
      `${VERSIONS} versions, ${RECORDS} download records, PostgreSQL, ${REQUESTS} sequential requests per case, ${os.cpus().length} cores, Node ${process.version}`,
    );
    console.table(rows);
  } finally {
    await portal.close();
  }
} finally {
  postgres.stop();
}
