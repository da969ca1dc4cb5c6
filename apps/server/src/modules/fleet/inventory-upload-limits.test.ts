import { INVENTORY_UPLOAD_LIMITS } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error';
import { INVENTORY_CSV_HEADER as HEADER } from '../../test/inventory-upload';
import { parseInventoryCsv } from './inventory-upload';
import { parseInventoryFile } from './upload-parser';

/** What a refused parse was refused with: its status and message key. */
async function refusal(work: Promise<unknown>): Promise<[number, string] | 'parsed'> {
  try {
    await work;
    return 'parsed';
  } catch (error) {
    if (error instanceof AppError) return [error.statusCode, error.messageKey];
    throw error;
  }
}

/**
 * Issue 40 §2, the parse: every upload is read and checked in a worker thread with caps on lines,
 * fields, distinct servers, errors kept, heap and wall time, all applied before any query.
 */
describe('upload caps in the worker', () => {
  it('refuses a file past its time as too complex, stopping the worker', async () => {
    const csv = Buffer.from(`${HEADER}\n${'A1,BMC,,,1.0,\n'.repeat(1000)}`);
    expect(await refusal(parseInventoryFile(csv, 'en-US', { timeoutMs: 1 }))).toEqual([
      413,
      'INVENTORY_UPLOAD_TOO_COMPLEX',
    ]);
    // The next file is read as usual: the stopped worker held nothing.
    expect((await parseInventoryFile(csv, 'en-US')).servers).toHaveLength(1);
  });

  it('checks one file at a time, four waiting, and answers a sixth at once with a 429', async () => {
    const csv = Buffer.from(`${HEADER}\nA1,BMC,,,1.0,\n`);
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, () => parseInventoryFile(csv, 'zh-CN')),
    );
    expect(results.map((result) => result.status)).toEqual([...Array(5).fill('fulfilled'), 'rejected']);
    const busy = (results[5] as PromiseRejectedResult).reason as AppError;
    expect([busy.statusCode, busy.messageKey, busy.headers['retry-after']]).toEqual([
      429,
      'INVENTORY_UPLOAD_BUSY',
      '10',
    ]);
  });

  it('refuses a line of a million fields, and more lines than the cap, at the first one past it', async () => {
    const commas = Buffer.from(`${HEADER}\nA1,BMC,,,1.0,${','.repeat(1_000_000)}\n`);
    expect(await refusal(parseInventoryFile(commas, 'en-US'))).toEqual([
      413,
      'INVENTORY_UPLOAD_TOO_MANY_CELLS',
    ]);
    const comments = `${HEADER}\n${'#\n'.repeat(INVENTORY_UPLOAD_LIMITS.lines + 1)}`;
    expect(() => parseInventoryCsv(comments, 'en-US')).toThrow(AppError);
    // Blank lines cost nothing and count toward nothing.
    expect(parseInventoryCsv(`${HEADER}\n${'\n'.repeat(200_000)}A1,BMC,,,1.0,`, 'en-US').lines).toBe(1);
  });

  it('keeps the first 500 wrong lines and counts every line', () => {
    const parsed = parseInventoryCsv(`${HEADER}\n${'?,BMC,,,1.0,\n'.repeat(3000)}`, 'en-US');
    expect(parsed.lines).toBe(3000);
    expect(parsed.errors).toHaveLength(INVENTORY_UPLOAD_LIMITS.errors);
    expect(parsed.errors.at(-1)?.line).toBe(501);
  });

  it('merges the same component of one server, the later line winning, counted once', () => {
    // One server's BMC on 100 lines (more than componentsPerServer), then a correction below.
    const lines = Array.from({ length: 100 }, (_, i) => `A1,BMC,,,1.0.${i},`);
    const parsed = parseInventoryCsv(
      [
        HEADER,
        ...lines,
        'A1,PCIE,PN-1,2,7.0,',
        'a1,bmc,,,2.0.0,2026-01-02T00:00:00Z',
        'A1,PCIE,pn-1,2,7.1,',
      ].join('\n'),
      'en-US',
    );
    expect(parsed.errors).toEqual([]);
    expect(parsed.servers).toEqual([
      {
        sn: 'A1',
        seenAt: '2026-01-02T00:00:00.000Z',
        components: [
          { kind: 'BMC', version: '2.0.0' },
          { kind: 'PCIE', pn: 'PN-1', slot: '2', version: '7.1' },
        ],
      },
    ]);
    // Distinct components still stop at componentsPerServer.
    const slots = Array.from({ length: 65 }, (_, i) => `A1,PCIE,PN-1,${i},1.0,`);
    expect(parseInventoryCsv([HEADER, ...slots].join('\n'), 'en-US').errors.map((e) => e.line)).toEqual([66]);
  });
});
