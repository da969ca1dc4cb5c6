import { INVENTORY_UPLOAD_LIMITS } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { INVENTORY_CSV_HEADER as HEADER, portalWithCustomer, XLSX_TYPE } from '../../test/inventory-upload';
import { WIDE_SHEET, workbookWith } from './xlsx-test-kit';

// Split from inventory-upload-limits.test.ts: that file holds the caps the upload worker applies,
// called directly; this one sends files past them through the route while the portal answers.

// The caps below refuse a file in the upload worker before any query: what they check does not
// depend on the driver, so they run on PGlite only (each upload starts a worker, ~0.5 s of CPU).
// What an upload applies, on both drivers: inventory-upload-apply.test.ts.
describe('inventory upload that cannot stall the portal', () => {
  const { fleet, upload } = portalWithCustomer('pglite');

  /** Runs `work` while /api/health is asked every 50 ms: the slowest health answer, in ms. */
  async function healthDuring<T>(work: Promise<T>): Promise<{ result: T; slowest: number; asked: number }> {
    let done = false;
    const finished = work.finally(() => {
      done = true;
    });
    let slowest = 0;
    let asked = 0;
    while (!done) {
      const started = performance.now();
      const health = await fleet.t.app.inject({ url: '/api/health' });
      expect(health.statusCode).toBe(200);
      slowest = Math.max(slowest, performance.now() - started);
      asked++;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return { result: await finished, slowest, asked };
  }

  it('answers 4 million junk lines (8 MB) with a clear 413 quickly, health answering meanwhile', async () => {
    const junk = `${HEADER}\n${'a\n'.repeat(4_000_000)}`;
    expect(junk.length).toBeLessThanOrEqual(INVENTORY_UPLOAD_LIMITS.bytes);
    const started = performance.now();
    const { result, slowest, asked } = await healthDuring(upload(junk, '1'));
    expect(performance.now() - started).toBeLessThan(30_000);
    expect([result.status, result.body.message]).toEqual([
      413,
      'The file has more than 120000 lines: split it into several uploads',
    ]);
    expect(asked).toBeGreaterThan(0);
    expect(slowest).toBeLessThan(1000);
    // The same refusal in Chinese: a file one line past the cap takes the same path, and cheaper.
    const pastCap = `${HEADER}\n${'a\n'.repeat(INVENTORY_UPLOAD_LIMITS.lines + 1)}`;
    const zh = await upload(pastCap, '1', 'zh-CN');
    expect([zh.status, zh.body.message]).toEqual([413, '文件超过 120000 行：请分多次上传']);
  });

  it('refuses 70,001 distinct SNs with a 413 before asking the database whose they are', async () => {
    const csv = [HEADER, ...Array.from({ length: 70_001 }, (_, i) => `SN-${i},BMC,,,1.0,`)].join('\n');
    const { result, slowest } = await healthDuring(upload(csv, '1'));
    expect([result.status, result.body.message]).toEqual([413, 'More than 10000 servers in one upload']);
    expect(slowest).toBeLessThan(1000);
  });

  it('refuses the wide sheet renamed as exceljs still reads it, health answering meanwhile', async () => {
    for (const name of ['/xl/worksheets/sheet1.xml', 'a/xl/worksheets/sheet1.xml']) {
      const { result, slowest } = await healthDuring(
        upload(workbookWith([{ name, content: WIDE_SHEET }]), '1', 'en-US', XLSX_TYPE),
      );
      expect(result.status).toBe(413);
      expect(result.body.message).toMatch(/far more cells than the template's 6 columns/);
      expect(slowest).toBeLessThan(1000);
    }
  });
});
