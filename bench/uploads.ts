// Benchmark: hostile inventory uploads and reports against a running portal (issue 40 §2).
// The portal runs in a process of its own (bench/support/portal-process.ts), on PGlite and on
// PostgreSQL; while each upload or report is in flight, this process asks GET /api/health every
// 50 ms over HTTP and records how long each answer took. Printed per case: the answer (status,
// message), its time, the slowest and p99 health answer during it (target: under 1 s), and the
// portal's peak resident memory so far (VmHWM). `npm run bench:uploads`; see bench/README.md.
//
// Cases (what a customer's account may send):
// - junk CSV: the header and 4,000,000 lines `a` (8 MB), dry run;
// - 70,001 distinct SNs, dry run;
// - the wide sheet (64 rows of 16,384 cells) renamed `/xl/worksheets/sheet1.xml` and
//   `a/xl/worksheets/sheet1.xml` (exceljs reads both);
// - a real workbook under the caps (118,000 rows of 8 cells, 944,000 cells), parsed for real;
// - a JSON report of 5,000 copies of one SN with 20 PCIe slots (about 7 MB), sent twice;
// - a legitimate CSV of the demo customer's two servers × 10 components, applied.

import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { INVENTORY_CSV_COLUMNS } from '@portal/contract';
import pg from 'pg';
import { startPostgres } from '../apps/server/src/test/postgres-server';
import { WIDE_SHEET, workbookWith } from '../apps/server/src/modules/fleet/xlsx-test-kit';
import { startPortalProcess } from './support/portal-process';

const HEALTH_EVERY_MS = 50;
const HEALTH_TARGET_MS = 1000;
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const HEADER = INVENTORY_CSV_COLUMNS.join(',');
const DEMO_SNS = ['M7S2U24000101', 'M6S1U22000417'];

type Case = { name: string; send: (url: string, token: string) => Promise<Response> };

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

function upload(body: Buffer | string, type: string, dryRun: '0' | '1') {
  return (url: string, token: string) =>
    fetch(`${url}/api/fleet/inventory/upload?dryRun=${dryRun}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': type, 'accept-language': 'en-US' },
      // Node's fetch sends a Buffer as it is; the DOM's types (checked with e2e's) want an ArrayBuffer view.
      body: body as Uint8Array<ArrayBuffer> | string,
    });
}

/** A real workbook (written by exceljs, as a spreadsheet program would) of `rows` rows of 8 cells. */
async function bigWorkbook(rows: number): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('inventory');
  sheet.addRow([...INVENTORY_CSV_COLUMNS, 'note', 'rack']);
  for (let i = 0; i < rows; i++)
    sheet.addRow([`SN-${i % 9000}`, 'BMC', '', '', `1.0.${i % 7}`, '', 'x', 'r1']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function duplicateReport(): string {
  const components = Array.from({ length: 20 }, (_, slot) => ({
    kind: 'PCIE',
    pn: 'PN-NIC-25G-2P',
    slot: `slot${slot}`,
    version: '22.36.1010',
  }));
  const servers = Array.from({ length: 5000 }, () => ({ sn: DEMO_SNS[0], components }));
  return JSON.stringify({ source: 'api', servers });
}

const KINDS = ['BMC', 'BIOS', 'PSU', 'DISK', 'NIC', 'CPLD', 'RAID'];
const legitimate = [
  HEADER,
  ...DEMO_SNS.flatMap((sn) => KINDS.map((kind) => `${sn},${kind},,,1.0.${kind.length},2026-11-30T08:00:00Z`)),
].join('\n');

// Bodies are built before any timing: this process's own work must not delay its health probes.
const BIG_WORKBOOK = await bigWorkbook(118_000);
const DUPLICATE_REPORT = duplicateReport();

const CASES: Case[] = [
  {
    name: 'junk CSV, 4,000,000 lines (8 MB), dry run',
    send: upload(`${HEADER}\n${'a\n'.repeat(4_000_000)}`, 'text/csv', '1'),
  },
  {
    name: '70,001 distinct SNs, dry run',
    send: upload(
      [HEADER, ...Array.from({ length: 70_001 }, (_, i) => `SN-${i},BMC,,,1.0,`)].join('\n'),
      'text/csv',
      '1',
    ),
  },
  {
    name: 'wide sheet named /xl/worksheets/sheet1.xml',
    send: upload(workbookWith([{ name: '/xl/worksheets/sheet1.xml', content: WIDE_SHEET }]), XLSX_TYPE, '1'),
  },
  {
    name: 'wide sheet named a/xl/worksheets/sheet1.xml',
    send: upload(workbookWith([{ name: 'a/xl/worksheets/sheet1.xml', content: WIDE_SHEET }]), XLSX_TYPE, '1'),
  },
  {
    name: 'real workbook under the caps: 118,000 rows of 8 cells, dry run',
    send: upload(BIG_WORKBOOK, XLSX_TYPE, '1'),
  },
  ...[1, 2].map((n) => ({
    name: `report: 5,000 copies of one SN x 20 slots (#${n})`,
    send: (url: string, token: string) =>
      fetch(`${url}/api/fleet/inventory`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'accept-language': 'en-US',
        },
        body: DUPLICATE_REPORT,
      }),
  })),
  { name: 'legitimate CSV (2 servers x 7 components), applied', send: upload(legitimate, 'text/csv', '0') },
];

/** Asks /api/health every 50 ms until `work` ends; the answer times in ms. */
async function healthDuring<T>(url: string, work: Promise<T>): Promise<{ result: T; times: number[] }> {
  const times: number[] = [];
  let done = false;
  const finished = work.finally(() => {
    done = true;
  });
  while (!done) {
    const started = performance.now();
    const answer = await fetch(`${url}/api/health`).catch(() => null);
    await answer?.arrayBuffer();
    times.push(answer?.ok ? performance.now() - started : Number.POSITIVE_INFINITY);
    await new Promise((resolve) => setTimeout(resolve, HEALTH_EVERY_MS));
  }
  return { result: await finished, times };
}

function peakMemoryMb(pid: number | undefined): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

async function run(driver: 'pglite' | 'postgres', databaseUrl?: string) {
  const portal = await startPortalProcess({ databaseUrl });
  let failed = false;
  try {
    console.log(`\n${driver}: portal pid ${portal.pid}, ${peakMemoryMb(portal.pid)} MB resident at start`);
    for (const testCase of CASES) {
      const started = performance.now();
      const { result, times } = await healthDuring(
        portal.url,
        testCase.send(portal.url, portal.token).then(async (answer) => ({
          status: answer.status,
          body: (await answer.json().catch(() => ({}))) as { message?: string; data?: { accepted?: number } },
        })),
      );
      const took = performance.now() - started;
      const slowest = Math.max(...times);
      failed ||= slowest >= HEALTH_TARGET_MS;
      console.log(
        `${testCase.name}: ${result.status} in ${(took / 1000).toFixed(2)} s ` +
          `(${result.body.message ?? JSON.stringify(result.body.data ?? {}).slice(0, 80)}); ` +
          `health ${times.length} answers, p99 ${percentile(times, 99).toFixed(0)} ms, ` +
          `slowest ${slowest.toFixed(0)} ms; peak ${peakMemoryMb(portal.pid)} MB`,
      );
    }
  } finally {
    await portal.close();
  }
  return failed;
}

const drivers = (process.env.BENCH_DRIVERS ?? 'pglite,postgres').split(',');
let failed = false;
if (drivers.includes('pglite')) failed = (await run('pglite')) || failed;
if (drivers.includes('postgres')) {
  const server = await startPostgres();
  try {
    const admin = new pg.Client({ connectionString: server.url });
    await admin.connect();
    await admin.query('create database bench_uploads');
    await admin.end();
    const url = new URL(server.url);
    url.pathname = '/bench_uploads';
    failed = (await run('postgres', url.toString())) || failed;
  } finally {
    server.stop();
  }
}
console.log(
  failed ? `\nhealth answered in ${HEALTH_TARGET_MS} ms or more at least once` : '\nhealth always under 1 s',
);
process.exit(failed ? 1 : 0);
