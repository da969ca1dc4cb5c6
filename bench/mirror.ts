// Benchmark: `fwportal mirror` (issue 44 §2). In one run, against one portal:
//  1. the first mirror of the demo catalogue at realistic file sizes, against `wget --mirror` of
//     the same files with the same token, every one the first mirror fetched (goal: throughput
//     >= 0.9x wget's);
//  2. a second sync with nothing new over --files files (goal: < 2 s, 0 payload bytes), then one
//     new firmware (goal: exactly one file fetched);
//  3. `mirror verify` of --verify-gib GiB against `sha256sum` of the same files (goal: >= 0.8x).
// Options: --files 1000, --verify-gib 10, --size-scale 1 (multiplies the realistic sizes),
// --parallel (fwportal's default), --rounds 5 (nothing-new syncs timed, the median shown),
// --first-rounds 5 (first mirrors timed, the median shown), --baseline-cli FILE (an older
// bundled CLI, e.g. from `git show`: timed in turn with this one, first mirrors and nothing-new
// syncs, each on a mirror of its own, so a busy machine weighs on both alike), --split-cores 1
// (the portal on core 0, the clients on core 1). See bench/README.md.

import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { users } from '../apps/server/src/db/schema';
import { createItem, createVersion } from '../apps/server/src/test/catalog-factories';
import type { MirrorIndex } from '../packages/cli/src/mirror/mirror-layout';
import type { SignedManifest } from '../packages/cli/src/portal-api';
import { MIRROR_DEFAULT_PARALLEL } from '../packages/cli/src/commands/mirror';
import { bundleCli } from '../packages/cli/src/test/bundled-cli';
import { option, textOption } from './support/argv';
import { type CoreSplit, cpuSecondsIn, splitCores } from './support/client-core';
import { withPortalProfile } from './support/portal-profile';
import { seededDraws } from './support/seeded-draws';
import { signedInFwportal } from './support/fwportal';
import { BENCH_PASSWORD, type BenchPortal, startPortalApp, TOKEN_QUOTAS_OFF } from './support/portal';
import { replaceVersionFile } from './support/version-files';

const MiB = 1024 * 1024;
const FILES = option('files', 1000);
const VERIFY_GIB = option('verify-gib', 10);
const SIZE_SCALE = option('size-scale', 1);
const PARALLEL = option('parallel', MIRROR_DEFAULT_PARALLEL);
const ROUNDS = option('rounds', 5);
// Five: one round's ratio to wget spread from 0.68x to 1.10x on this machine (bench/README.md).
const FIRST_ROUNDS = option('first-rounds', 5);
const BASELINE_CLI = textOption('baseline-cli', '');
/** --split-cores 1: the portal on core 0, the clients on core 1 (support/client-core.ts). */
const SPLIT_CORES = option('split-cores', 0) === 1;

/** Typical firmware sizes per kind (MiB), as bench/fleet.ts; anything else (drivers, tools) 16. */
const SIZE_MIB: Record<string, number> = { BMC: 48, BIOS: 32, PSU: 8, DISK: 16, NIC: 24, CPLD: 4, RAID: 32 };
const SMALL_FILE = 64 * 1024;
const BIG_FILE = 1024 * MiB;

const run = promisify(execFile);
/** Where the clients run (set first thing in main). */
let cores: CoreSplit;

let cliFile = '';

function fwportal(
  args: string[],
  env: NodeJS.ProcessEnv,
  cli = cliFile,
  cpuFile?: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const profile = process.env.BENCH_CLI_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CLI_PROF}`]
    : [];
  const [command, commandArgs] = cores.onClientCore(process.execPath, [...profile, cli, ...args], cpuFile);
  const child = spawn(command, commandArgs, {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

/** The portal's CPU seconds (this process: it hosts the portal) during the last `timed` work. */
let portalCpu = 0;

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = process.hrtime.bigint();
  const cpuBefore = process.cpuUsage();
  const result = await work();
  const { user, system } = process.cpuUsage(cpuBefore);
  portalCpu = (user + system) / 1e6;
  return [result, Number(process.hrtime.bigint() - started) / 1e9];
}

type Sync = { created: boolean; files: number; bytes: number; fetched: number; fetchedBytes: number };

/** A `mirror sync`: what it did, its wall time, and (given `cpuFile`) its CPU seconds. */
async function sync(
  out: string,
  env: NodeJS.ProcessEnv,
  cli = cliFile,
  cpuFile?: string,
): Promise<[Sync, number, number]> {
  const [answer, seconds] = await timed(() =>
    fwportal(['mirror', 'sync', '--out', out, '--parallel', String(PARALLEL), '--json'], env, cli, cpuFile),
  );
  if (answer.code !== 0) throw new Error(`fwportal mirror sync failed (${answer.code}): ${answer.stderr}`);
  return [JSON.parse(answer.stdout) as Sync, seconds, cpuFile ? cpuSecondsIn(cpuFile) : 0];
}

/** The index of the mirror's newest snapshot. */
function newestIndexOf(out: string): MirrorIndex {
  const catalog = JSON.parse(readFileSync(path.join(out, 'mirror.json'), 'utf8')) as {
    snapshots: { name: string }[];
  };
  const newest = catalog.snapshots.at(-1)?.name ?? '';
  return JSON.parse(readFileSync(path.join(out, 'snapshots', newest, 'index.json'), 'utf8')) as MirrorIndex;
}

/**
 * The addresses of every file a first mirror fetched, as its index names them: the signed
 * manifest (its signature comes in a header), each firmware file and its SBOM, the CSAF listings
 * of the labels it mirrored, each advisory and its `.asc`, the OpenPGP key and the compliance
 * context. Until 2026-12-05 wget was given the firmware files alone, a third fewer requests than
 * `mirror sync` makes for the same catalogue.
 */
function sameFilesAs(index: MirrorIndex, origin: string): string[] {
  const csaf = `${origin}/.well-known/csaf`;
  const labels = [...new Set(index.advisories.map((advisory) => advisory.label))];
  const fileNameOf = (file: { path: string }) => path.posix.basename(file.path);
  return [
    `${origin}/api/downloads/manifest.json`,
    ...index.firmware.flatMap((file) => [
      `${origin}/api/downloads/${file.versionId}`,
      ...(file.sbom ? [`${origin}/api/downloads/${file.versionId}/sbom`] : []),
    ]),
    ...labels.map((label) => `${csaf}/${label}/changes.csv`),
    ...index.advisories.flatMap((advisory) => {
      const url = `${csaf}/${advisory.label}/${advisory.csafPath}`;
      return [url, `${url}.asc`];
    }),
    ...(index.openPgpKey
      ? [`${csaf}/provider-metadata.json`, `${csaf}/openpgp/${fileNameOf(index.openPgpKey)}`]
      : []),
    ...(index.complianceContext ? [`${origin}/api/fleet/compliance-context.json`] : []),
  ];
}

async function manifestOf(portal: BenchPortal, token: string): Promise<SignedManifest> {
  const answer = await fetch(`${portal.url}/api/downloads/manifest.json`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return (await answer.json()) as SignedManifest;
}

/** `count` more versions of one new item, `size` bytes each (random: nothing dedupes). */
async function addVersions(portal: BenchPortal, kind: string, count: number, size: number) {
  const item = await createItem(portal.db, { kind });
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const version = await createVersion(portal.db, portal.app.services.store, {
      itemId: item.id,
      version: `${kind.length}.${i}.0`,
      size: Math.min(size, SMALL_FILE),
    });
    if (size > SMALL_FILE) await replaceVersionFile(portal, version.id, size);
    ids.push(version.id);
  }
  return ids;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const gib = (bytes: number) => (bytes / 1024 / MiB).toFixed(2);
const rate = (bytes: number, seconds: number) => (bytes / MiB / seconds).toFixed(0);

async function main() {
  cores = await splitCores(SPLIT_CORES);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-mirror-'));
  // Bundled as customers run it, so the timings do not include Node compiling the TypeScript
  // sources at every start.
  cliFile = await bundleCli(path.join(dir, 'fwportal.mjs'), 'bench');
  const portal = await startPortalApp({ config: TOKEN_QUOTAS_OFF });
  try {
    const [demo] = await portal.db.select().from(users).where(eq(users.account, 'demo'));
    if (!demo) throw new Error('no demo customer');
    const env = await signedInFwportal(portal, demo.id, ['catalog:read', 'download'], dir);
    const { token } = JSON.parse(
      readFileSync(path.join(env.XDG_CONFIG_HOME ?? '', 'fwportal', 'config.json'), 'utf8'),
    ) as { token: string };
    console.log(
      `password of the demo accounts: ${BENCH_PASSWORD}; ${os.cpus().length} cores, load ${os.loadavg()[0]?.toFixed(1)}` +
        `; ${cores.description}`,
    );

    // 1. The demo catalogue the demo customer may see, each file at a realistic size: its kind's
    // typical size, drawn for each version on its own between half and one and a half times it
    // (two releases of one BMC are not the same size), from a fixed seed so runs compare.
    const demoEntries = (await manifestOf(portal, token)).entries;
    const draws = seededDraws(44);
    for (const entry of demoEntries)
      await replaceVersionFile(
        portal,
        entry.versionId,
        Math.round((SIZE_MIB[entry.kind] ?? 16) * (0.5 + draws.random()) * MiB * SIZE_SCALE),
      );
    const entries = (await manifestOf(portal, token)).entries;
    const total = entries.reduce((sum, entry) => sum + entry.size, 0);
    const out = path.join(dir, 'mirror');
    const urls = path.join(dir, 'urls.txt');
    // Each round: this CLI, the baseline CLI if given, then wget, each into an empty folder and
    // each starting with nothing waiting to be written back, so none pays for another's writes
    // (the portal's own files were just written too). The first round's mirror stays for part 2.
    const rounds = {
      fwportal: [] as number[],
      baseline: [] as number[],
      wget: [] as number[],
      durableWget: [] as number[],
    };
    // The clients' own CPU seconds (user + system, every thread): what each costs per byte,
    // apart from what the portal and the disk cost.
    const cpu = { fwportal: [] as number[], baseline: [] as number[], wget: [] as number[] };
    const serving = { fwportal: [] as number[], baseline: [] as number[], wget: [] as number[] };
    const cpuFile = path.join(dir, 'client-cpu.txt');
    // One mirror first, untimed, whose index gives wget its list of the same files. It also warms
    // the portal: the first requests of a run cost it more (cold query plans, code not yet
    // optimised), and round 0's mirror sync used to pay that alone, 0.2-0.4 s more than its
    // other rounds (bench/README.md, "Mirror").
    if (FIRST_ROUNDS < 1) throw new Error('--first-rounds must be at least 1');
    const warmUp = path.join(dir, 'mirror-warm-up');
    const [first] = await sync(warmUp, env);
    writeFileSync(urls, sameFilesAs(newestIndexOf(warmUp), portal.url).join('\n'));
    rmSync(warmUp, { recursive: true, force: true });
    for (let round = 0; round < FIRST_ROUNDS; round += 1) {
      const target = round === 0 ? out : path.join(dir, `mirror-${round}`);
      const mirrorSync = async () => {
        await run('sync');
        const [answer, seconds, cpuSeconds] = await withPortalProfile(`portal-serving-sync-${round}`, () =>
          sync(target, env, cliFile, cpuFile),
        );
        if (answer.fetchedBytes !== first.fetchedBytes)
          throw new Error(
            `round ${round} fetched ${answer.fetchedBytes} bytes, the warm-up ${first.fetchedBytes}`,
          );
        rounds.fwportal.push(seconds);
        cpu.fwportal.push(cpuSeconds);
        serving.fwportal.push(portalCpu);
        if (round > 0) rmSync(target, { recursive: true, force: true });
      };
      const baselineSync = async () => {
        if (!BASELINE_CLI) return;
        const baselineTarget = path.join(dir, `mirror-baseline-first-${round}`);
        await run('sync');
        const [, baselineSeconds, baselineCpu] = await sync(baselineTarget, env, BASELINE_CLI, cpuFile);
        rounds.baseline.push(baselineSeconds);
        cpu.baseline.push(baselineCpu);
        serving.baseline.push(portalCpu);
        rmSync(baselineTarget, { recursive: true, force: true });
      };
      const wgetMirror = async () => {
        await run('sync');
        const wgetDir = path.join(dir, 'wget');
        const [, wgetSeconds] = await withPortalProfile(`portal-serving-wget-${round}`, () =>
          timed(() =>
            cores.runClient(
              'wget',
              [
                '--mirror',
                '--no-verbose',
                '--quiet',
                `--header=Authorization: Bearer ${token}`,
                `--directory-prefix=${wgetDir}`,
                `--input-file=${urls}`,
              ],
              { cpuFile },
            ),
          ),
        );
        cpu.wget.push(cpuSecondsIn(cpuFile));
        serving.wget.push(portalCpu);
        // `mirror sync` ends with its files on the disk (a power loss never leaves an index naming a
        // file the disk lost); wget leaves them in the page cache. Its time until they are on the disk
        // too (`sync -f`: the file system holding them) is the like-for-like figure.
        const [, flushSeconds] = await timed(() => run('sync', ['-f', wgetDir]));
        rmSync(wgetDir, { recursive: true, force: true });
        rounds.wget.push(wgetSeconds);
        rounds.durableWget.push(wgetSeconds + flushSeconds);
      };
      // Turn about: who goes first finds the page cache (and the disk's writeback) as the one
      // before left it, and alternating spreads that over both.
      const order =
        round % 2 === 0 ? [mirrorSync, baselineSync, wgetMirror] : [wgetMirror, baselineSync, mirrorSync];
      for (const step of order) await step();
    }
    const firstSeconds = median(rounds.fwportal);
    const wgetSeconds = median(rounds.wget);
    const durableWget = median(rounds.durableWget);
    const each = (values: number[]) => values.map((value) => value.toFixed(2)).join(', ');
    console.log(
      `\n1. first mirror: ${entries.length} files, ${gib(total)} GiB (size scale ${SIZE_SCALE}, parallel ${PARALLEL}), median of ${FIRST_ROUNDS} round(s), load ${os.loadavg()[0]?.toFixed(1)}`,
    );
    const cpuOf = (client: keyof typeof cpu) =>
      `${median(cpu[client]).toFixed(2)} s | ${median(serving[client]).toFixed(2)} s`;
    console.log('| client | wall time | MiB/s | client CPU | portal CPU | each round |');
    console.log('| --- | ---: | ---: | ---: | ---: | --- |');
    console.log(
      `| fwportal mirror sync (signed manifest, SHA-256 of every byte, files flushed to the disk) | ${firstSeconds.toFixed(2)} s | ${rate(first.fetchedBytes, firstSeconds)} | ${cpuOf('fwportal')} | ${each(rounds.fwportal)} |`,
    );
    if (BASELINE_CLI)
      console.log(
        `| baseline CLI (${path.basename(BASELINE_CLI)}) mirror sync | ${median(rounds.baseline).toFixed(2)} s | ${rate(first.fetchedBytes, median(rounds.baseline))} | ${cpuOf('baseline')} | ${each(rounds.baseline)} |`,
      );
    console.log(
      `| wget --mirror (same files, same token), files left in the page cache | ${wgetSeconds.toFixed(2)} s | ${rate(first.fetchedBytes, wgetSeconds)} | ${cpuOf('wget')} | ${each(rounds.wget)} |`,
    );
    console.log(
      `| wget --mirror, then its files flushed to the disk (sync -f) | ${durableWget.toFixed(2)} s | ${rate(first.fetchedBytes, durableWget)} | | | ${each(rounds.durableWget)} |`,
    );
    console.log(
      `fwportal / wget throughput: ${(wgetSeconds / firstSeconds).toFixed(2)}x against wget alone, ${(durableWget / firstSeconds).toFixed(2)}x with both files on the disk (goal >= 0.9x)`,
    );

    // 2. --files files in all; a second sync with nothing new, then one new firmware.
    await addVersions(portal, 'TOOL', Math.max(0, FILES - entries.length), SMALL_FILE);
    const [grown] = await sync(out, env);
    // Each CLI on a mirror of its own, hard-linked (pool files are only ever created, renamed in).
    const baselineOut = path.join(dir, 'mirror-baseline');
    if (BASELINE_CLI) {
      await run('cp', ['-al', out, baselineOut]);
      await sync(baselineOut, env, BASELINE_CLI);
    }
    const times: number[] = [];
    const baselineTimes: number[] = [];
    let again: Sync | undefined;
    const loads = [os.loadavg()[0] ?? 0];
    for (let round = 0; round < ROUNDS; round += 1) {
      const [answer, seconds] = await sync(out, env);
      again = answer;
      times.push(seconds);
      if (BASELINE_CLI) baselineTimes.push((await sync(baselineOut, env, BASELINE_CLI))[1]);
      loads.push(os.loadavg()[0] ?? 0);
    }
    const againSeconds = median(times);
    if (!again) throw new Error('--rounds must be at least 1');
    await addVersions(portal, 'BMC', 1, 32 * MiB);
    const [oneNew, oneNewSeconds] = await sync(out, env);
    console.log(`\n2. incremental, ${grown.files} files`);
    console.log(
      `nothing new: ${againSeconds.toFixed(2)} s (median of ${ROUNDS}: ${times.map((t) => t.toFixed(2)).join(', ')}), ${again.fetched} files / ${again.fetchedBytes} payload bytes fetched, snapshot written: ${again.created} (goal < 2 s, 0 bytes); load ${loads.map((l) => l.toFixed(1)).join(' → ')}`,
    );
    if (BASELINE_CLI)
      console.log(
        `nothing new, baseline CLI (${BASELINE_CLI}) in the same rounds: ${median(baselineTimes).toFixed(2)} s (${baselineTimes.map((t) => t.toFixed(2)).join(', ')})`,
      );
    console.log(
      `one new firmware: ${oneNewSeconds.toFixed(2)} s, ${oneNew.fetched} ${oneNew.fetched === 1 ? 'file' : 'files'} / ${oneNew.fetchedBytes} bytes fetched (goal: exactly 1)`,
    );

    // 3. verify of the whole mirror, grown to --verify-gib with 1 GiB files, against sha256sum.
    const have = oneNew.bytes;
    const missing = Math.max(0, VERIFY_GIB * 1024 * MiB - have);
    await addVersions(portal, 'BIOS', Math.ceil(missing / BIG_FILE), BIG_FILE);
    const [full] = await sync(out, env);
    const [verified, verifySeconds] = await timed(() => fwportal(['mirror', 'verify', out, '--json'], env));
    if (verified.code !== 0) throw new Error(`fwportal mirror verify failed: ${verified.stdout}`);
    const index = newestIndexOf(out);
    const files = index.firmware.map((file) => path.join(out, file.path));
    const [, sumSeconds] = await timed(async () => {
      // xargs-style batches keep the command line short; one sha256sum at a time, as a person runs it.
      for (let start = 0; start < files.length; start += 500)
        await cores.runClient('sha256sum', files.slice(start, start + 500), { maxBuffer: 64 * MiB });
    });
    console.log(
      `\n3. verify: ${files.length} files, ${gib(full.bytes)} GiB (page cache: both read what the sync just wrote)`,
    );
    console.log(
      `fwportal mirror verify: ${verifySeconds.toFixed(2)} s, ${rate(full.bytes, verifySeconds)} MiB/s`,
    );
    console.log(`sha256sum: ${sumSeconds.toFixed(2)} s, ${rate(full.bytes, sumSeconds)} MiB/s`);
    console.log(
      `fwportal / sha256sum throughput: ${(sumSeconds / verifySeconds).toFixed(2)}x (goal >= 0.8x)`,
    );
  } finally {
    await portal.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
