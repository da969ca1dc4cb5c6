// Benchmark of background tasks on PostgreSQL (bench/README.md):
// - LIST_MIRROR_SN for 10 SNs: time from creation to SUCCESS and the process's peak RSS,
//   with every firmware file of the catalogue replaced by one of BENCH_FIRMWARE_MB;
// - PACKAGE_LIVE_CD: throughput (MB/s of the result) for an image of about BENCH_LIVECD_MB.

import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, eq, inArray } from 'drizzle-orm';
import {
  catalogItems,
  catalogVersions,
  serialNumbers,
  serverModels,
  users,
} from '../apps/server/src/db/schema';
import { startPostgres } from '../apps/server/src/test/postgres-server';
import { startPortalApp } from './support/portal';
import { envNumber } from './support/env-number';

const FIRMWARE_MB = envNumber('BENCH_FIRMWARE_MB', 16);
const LIVECD_MB = envNumber('BENCH_LIVECD_MB', 1024);
const MiB = 1024 * 1024;

/** `mb` MiB of one random MiB repeated, as a stream (never held whole in memory). */
function bytesOf(mb: number): Readable {
  const block = randomBytes(MiB);
  let left = mb;
  return new Readable({
    read() {
      this.push(left-- > 0 ? block : null);
    },
  });
}

/** Peak RSS sampled every 20 ms while `work` runs. */
async function measure<T>(work: () => Promise<T>): Promise<{ value: T; seconds: number; peakRssMb: number }> {
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 20);
  const started = performance.now();
  try {
    const value = await work();
    return { value, seconds: (performance.now() - started) / 1000, peakRssMb: Math.round(peak / MiB) };
  } finally {
    clearInterval(timer);
  }
}

const postgres = await startPostgres();
try {
  // The demo and its catalogue, on PostgreSQL.
  const portal = await startPortalApp({ databaseUrl: postgres.url, config: { TASK_WORKERS: '0' } });
  const { app, db } = portal;
  const { store, tasks, jobs } = app.services;

  // Realistic file sizes: every firmware version (server and PCIe) gets a FIRMWARE_MB file.
  const firmware = await db
    .select({ id: catalogVersions.id, key: catalogVersions.storageKey })
    .from(catalogVersions)
    .innerJoin(catalogItems, eq(catalogItems.id, catalogVersions.itemId))
    .where(inArray(catalogItems.kind, ['BMC', 'BIOS', 'PSU', 'DISK', 'NIC', 'CPLD', 'RAID', 'PCIE']));
  for (const version of firmware) {
    const stored = await store.put(version.key, bytesOf(FIRMWARE_MB));
    await db
      .update(catalogVersions)
      .set({ fileSize: stored.size, sha256: stored.sha256 })
      .where(eq(catalogVersions.id, version.id));
  }
  // Ten servers across the models, each with the PCIe cards of the seed.
  const models = await db.select().from(serverModels);
  const parts = ['PN-NIC-25G-2P', 'PN-RAID-9560-8I', 'PN-NIC-10G-2P', 'PN-NIC-100G-2P', 'PN-HBA-9500-16I'];
  const sns = Array.from({ length: 10 }, (_, i) => `BENCH${String(i).padStart(8, '0')}`);
  await db.insert(serialNumbers).values(
    sns.map((sn, i) => ({
      sn,
      modelId: models[i % models.length]!.id,
      customerName: 'Bench Co',
      pcieParts: [parts[i % parts.length]!, parts[(i + 1) % parts.length]!],
    })),
  );
  const [demo] = await db.select({ id: users.id }).from(users).where(eq(users.account, 'demo'));
  const userId = demo!.id;

  global.gc?.();
  const baselineRssMb = Math.round(process.memoryUsage.rss() / MiB);
  const mirror = await measure(async () => {
    const task = await tasks.createMirror(userId, 'sn', sns, 'en-US');
    await jobs.runUntilIdle();
    return tasks.get(userId, task.id, 'en-US');
  });
  if (mirror.value.status !== 'SUCCESS') throw new Error(`mirror task ${mirror.value.status}`);
  const bundleMb = (mirror.value.result?.size ?? 0) / MiB;

  // The base LiveCD image becomes a LIVECD_MB file; two small components join it.
  const [base] = await db
    .select({ id: catalogVersions.id, key: catalogVersions.storageKey })
    .from(catalogVersions)
    .innerJoin(catalogItems, eq(catalogItems.id, catalogVersions.itemId))
    .where(and(eq(catalogItems.code, 'livecd-x86'), eq(catalogVersions.version, '2.4.0')));
  const stored = await store.put(base!.key, bytesOf(LIVECD_MB));
  await db
    .update(catalogVersions)
    .set({ fileSize: stored.size, sha256: stored.sha256 })
    .where(eq(catalogVersions.id, base!.id));
  const livecd = await measure(async () => {
    const task = await tasks.createLivecd(
      userId,
      { baseVersionId: base!.id, componentVersionIds: firmware.slice(0, 2).map((v) => v.id) },
      'en-US',
    );
    await jobs.runUntilIdle();
    return tasks.get(userId, task.id, 'en-US');
  });
  if (livecd.value.status !== 'SUCCESS') throw new Error(`livecd task ${livecd.value.status}`);
  const isoMb = (livecd.value.result?.size ?? 0) / MiB;

  console.log(
    JSON.stringify(
      {
        database: 'postgres',
        /** The bench process (tsx, server modules, seeded catalogue) before the first task. */
        baselineRssMb,
        listMirrorSn: {
          serials: sns.length,
          firmwareFileMb: FIRMWARE_MB,
          bundleMb: Math.round(bundleMb),
          secondsToSuccess: Number(mirror.seconds.toFixed(2)),
          peakRssMb: mirror.peakRssMb,
        },
        packageLiveCd: {
          isoMb: Math.round(isoMb),
          seconds: Number(livecd.seconds.toFixed(2)),
          mbPerSecond: Number((isoMb / livecd.seconds).toFixed(1)),
          peakRssMb: livecd.peakRssMb,
        },
      },
      null,
      2,
    ),
  );
  await portal.close();
} finally {
  postgres.stop();
}
