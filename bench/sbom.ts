// Benchmark: SBOMs (issue 43 §1). On PGlite (a data folder on disk) and on PostgreSQL:
// 1. Search: BENCH_SBOM_VERSIONS firmware versions (default 1,000) each with an SBOM of
//    BENCH_SBOM_COMPONENTS components (default 300), indexed by the portal's own code
//    (SbomRepository.replace, as an upload is); then "which versions contain openssl < 3.0.8"
//    (by purl, by CPE, by name) through SbomService.findVersionsContaining, BENCH_ROUNDS times
//    each. Targets: under 1 s on PostgreSQL, under 3 s on PGlite.
// 2. Check: a CycloneDX SBOM of about 20 MB (the upload cap) checked in the worker thread
//    (checkSbomOffThread) while a timer measures how late the event loop answers, and the same
//    check on the main thread for comparison.
// `npx tsx bench/sbom.ts` (BENCH_SBOM_SEARCH=0 or BENCH_SBOM_CHECK=0 skip a part); see bench/README.md.

import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { openDatabase, type Database } from '../apps/server/src/db/connection';
import { catalogItems, catalogVersions } from '../apps/server/src/db/schema';
import { systemClock } from '../apps/server/src/lib/clock';
import { LocalFileStore } from '../apps/server/src/lib/file-store/local-file-store';
import type { CatalogService } from '../apps/server/src/modules/catalog/catalog.service';
import { checkSbom } from '../apps/server/src/modules/sbom/sbom-check';
import { indexedComponent } from '../apps/server/src/modules/sbom/sbom-component';
import { checkSbomOffThread } from '../apps/server/src/modules/sbom/sbom-parser';
import { SbomRepository } from '../apps/server/src/modules/sbom/sbom.repository';
import { SbomService } from '../apps/server/src/modules/sbom/sbom.service';
import { cycloneDx, goodComponent } from '../apps/server/src/modules/sbom/sbom-test-kit';
import { startPostgres } from '../apps/server/src/test/postgres-server';
import { percentile } from './support/percentile';
import { envNumber } from './support/env-number';

const VERSIONS = envNumber('BENCH_SBOM_VERSIONS', 1000);
const COMPONENTS = envNumber('BENCH_SBOM_COMPONENTS', 300);
const ROUNDS = envNumber('BENCH_ROUNDS', 20);
const ITEMS = 50;
const TARGET_MS = { postgres: 1000, pglite: 3000 };
/** OpenSSL versions the SBOMs carry, one per version in turn: a third of them below 3.0.8. */
const OPENSSL = ['1.1.1w', '3.0.7', '3.0.8', '3.0.8a', '3.0.10', '3.0.13', '3.1.4', '1.1.1t', '3.2.1'];
const silentLog = { error: () => undefined } as never;

/** Component i of version v: a pool of 3,000 packages with versions that move with v. */
function component(v: number, i: number) {
  if (i === 0) {
    const version = OPENSSL[v % OPENSSL.length]!;
    return indexedComponent({
      name: 'openssl',
      version,
      purl: `pkg:generic/openssl@${version}`,
      cpe: `cpe:2.3:a:openssl:openssl:${version}:*:*:*:*:*:*:*`,
      supplier: 'OpenSSL Software Foundation',
      licences: ['Apache-2.0'],
    });
  }
  const n = (v * 7 + i * 13) % 3000;
  const version = `${1 + (n % 5)}.${(v + i) % 30}.${n % 17}`;
  return indexedComponent({
    name: `lib-bench-${n}`,
    version,
    purl: `pkg:generic/lib-bench-${n}@${version}`,
    cpe: n % 3 === 0 ? `cpe:2.3:a:bench_vendor_${n % 97}:lib_bench_${n}:${version}:*:*:*:*:*:*:*` : null,
    supplier: `Vendor ${n % 97}`,
    licences: [n % 2 ? 'MIT' : 'GPL-2.0-only'],
  });
}

async function load(database: Database): Promise<{ seconds: number; expected: number }> {
  const { db } = database;
  const started = Date.now();
  const items = await db
    .insert(catalogItems)
    .values(
      Array.from({ length: ITEMS }, (_, i) => ({
        code: `bench-bmc-${i}`,
        kind: 'BMC',
        nameZh: `基准 ${i}`,
        nameEn: `Bench ${i}`,
      })),
    )
    .returning({ id: catalogItems.id });
  const versions = await db
    .insert(catalogVersions)
    .values(
      Array.from({ length: VERSIONS }, (_, v) => ({
        itemId: items[v % ITEMS]!.id,
        version: `${Math.floor(v / ITEMS)}.0.${v % ITEMS}`,
        status: 'published',
        releaseDate: '2026-01-01',
        fileCategory: 'firmware',
        fileName: `bench-${v}.tar.gz`,
        fileSize: 1000,
        sha256: '0'.repeat(64),
        md5: '0'.repeat(32),
        storageKey: `bench/${v}`,
      })),
    )
    .returning({ id: catalogVersions.id });
  const repository = new SbomRepository(db);
  let expected = 0;
  for (const [v, { id }] of versions.entries()) {
    const components = Array.from({ length: COMPONENTS }, (_, i) => component(v, i));
    if (['1.1.1w', '3.0.7', '1.1.1t'].includes(components[0]!.version)) expected += 1;
    await repository.replace(
      {
        versionId: id,
        format: 'cyclonedx',
        specVersion: '1.6',
        fileName: `bench-${v}.tar.gz.cdx.json`,
        size: 1,
        sha256: '0'.repeat(64),
        storageKey: `sbom/bench/${v}`,
        components: components.length,
        createdAt: new Date(),
      },
      components,
    );
  }
  return { seconds: (Date.now() - started) / 1000, expected };
}

async function search(driver: 'pglite' | 'postgres', database: Database, store: LocalFileStore) {
  const loaded = await load(database);
  console.log(
    `${driver}: ${VERSIONS} versions x ${COMPONENTS} components loaded in ${loaded.seconds.toFixed(1)} s`,
  );
  const sboms = new SbomService(database.db, systemClock, store, {} as CatalogService, silentLog, checkSbom);
  const queries = {
    purl: { purl: 'pkg:generic/openssl', range: { lt: '3.0.8' } },
    cpe: { cpe: 'openssl:openssl', range: { lt: '3.0.8' } },
    name: { name: 'openssl', range: { lt: '3.0.8' } },
  } as const;
  for (const [by, query] of Object.entries(queries)) {
    const times: number[] = [];
    let rows = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      const started = performance.now();
      const answer = await sboms.findVersionsContaining(query);
      times.push(performance.now() - started);
      rows = answer.rows.length;
    }
    if (rows !== loaded.expected) throw new Error(`${by}: ${rows} rows, expected ${loaded.expected}`);
    times.sort((a, b) => a - b);
    const worst = times[times.length - 1]!;
    console.log(
      `${driver} openssl < 3.0.8 by ${by}: ${rows} versions; min ${times[0]!.toFixed(1)} ms, ` +
        `p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms, max ${worst.toFixed(1)} ms ` +
        `(target < ${TARGET_MS[driver]} ms: ${worst < TARGET_MS[driver] ? 'met' : 'NOT met'})`,
    );
  }
}

/** About 20 MB of CycloneDX: the upload cap's worth of components. */
function bigSbom(): Buffer {
  const components = Array.from({ length: 42_000 }, (_, i) =>
    goodComponent(`package-${i}`, `1.${i % 50}.${i % 7}`, {
      description: randomBytes(96).toString('base64'),
      cpe: `cpe:2.3:a:vendor_${i % 300}:package_${i}:1.${i % 50}.${i % 7}:*:*:*:*:*:*:*`,
    }),
  );
  return Buffer.from(JSON.stringify(cycloneDx({ components })));
}

async function checkCost() {
  const bytes = bigSbom();
  const sha512 = '0'.repeat(128);
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  let started = performance.now();
  const inWorker = await checkSbomOffThread(bytes, sha512);
  const workerMs = performance.now() - started;
  delay.disable();
  const workerStall = delay.max / 1e6;
  delay.reset();
  delay.enable();
  started = performance.now();
  const inline = await checkSbom(bytes, sha512);
  const inlineMs = performance.now() - started;
  delay.disable();
  if (!inWorker.accepted || !inline.accepted) throw new Error('the bench SBOM was refused');
  console.log(
    `check of a ${(bytes.length / 1024 / 1024).toFixed(1)} MB CycloneDX SBOM (${inline.components.length} components): ` +
      `worker ${workerMs.toFixed(0)} ms with the event loop at most ${workerStall.toFixed(0)} ms late; ` +
      `on the main thread ${inlineMs.toFixed(0)} ms, all of it blocking`,
  );
}

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-sbom-'));
const store = new LocalFileStore(path.join(root, 'files'));
console.log(
  `${os.cpus().length} CPUs, load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
try {
  if (process.env.BENCH_SBOM_SEARCH !== '0') await searchBoth();
  if (process.env.BENCH_SBOM_CHECK !== '0') await checkCost();
} finally {
  fs.rmSync(root, { recursive: true, force: true });
}

async function searchBoth() {
  const pglite = await openDatabase({ dataDir: path.join(root, 'pglite') });
  try {
    await pglite.migrate();
    await search('pglite', pglite, store);
  } finally {
    await pglite.close();
  }
  const server = await startPostgres();
  try {
    const postgres = await openDatabase({ databaseUrl: server.url });
    try {
      await postgres.migrate();
      await search('postgres', postgres, store);
    } finally {
      await postgres.close();
    }
  } finally {
    server.stop();
  }
}
