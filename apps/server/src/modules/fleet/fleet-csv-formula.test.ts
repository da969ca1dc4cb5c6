import { BUNDLE_MANIFEST_CSV } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, newItemVersion, referenceModel } from '../../test/catalog-factories';
import { createUser } from '../../test/factories';
import { uploadInventory } from '../../test/inventory-upload';
import { callAs, tokenFor } from '../../test/requests';
import { createTestApp, DRIVERS, type TestApp } from '../../test/test-app';
import { manifestCsv } from '../tasks/bundle-writer';
import { downloadResult, readTar } from '../tasks/tasks-test-kit';
import { readInventoryFile } from './inventory-xlsx';

/** What a customer (or a hostile BMC through `fwportal audit`) reports, as issue 40 §3 found it. */
const VERSION_PAYLOAD = '1;=1+1;';
const SLOT_PAYLOAD = "1;=cmd|' /C calc'!A0;";
/** A cell a spreadsheet evaluates: one starting with = + - @ tab or CR (after spaces or quotes). */
const FORMULA_CELL = /^[\s"]*[=+\-@\t\r]/;

/** The cells a spreadsheet with `separator` as list separator sees (`;`: ours are mid-cell quotes, line breaks start rows). */
function spreadsheetCells(csv: string, separator: ',' | ';'): string[] {
  const body = csv.replace(/^\uFEFF/, '');
  if (separator === ';') return body.split(/[;\r\n]/);
  const cells: string[] = [];
  for (const match of body.matchAll(/("(?:[^"]|"")*"|[^,\r\n]*)(?:,|\r\n|$)/g))
    cells.push(match[1]!.replace(/^"|"$/g, '').replace(/""/g, '"'));
  return cells;
}

function expectNoFormula(csv: string) {
  for (const separator of [',', ';'] as const)
    for (const cell of spreadsheetCells(csv, separator))
      expect(cell, `a cell read with "${separator}"`).not.toMatch(FORMULA_CELL);
}

describe('CSV writers neutralise formulas under both list separators', () => {
  it('the bundle manifest CSV, whatever a report put in a version or slot', () => {
    const csv = manifestCsv([
      {
        sn: 'SN1',
        pn: 'PN-1',
        model: 'M7-2U',
        component: `PCIE:PN-1:${SLOT_PAYLOAD}`,
        item: 'NIC',
        currentVersion: VERSION_PAYLOAD,
        offeredVersion: '2.0.0',
        state: 'outdated',
        severity: '',
        installOrder: 80,
        rebootRequired: true,
        // A prerequisite names a component and version as staff typed them.
        prerequisites: [{ component: '=BMC', minVersion: VERSION_PAYLOAD }],
        file: 'nic.bin',
        sha256: 'ab',
      },
    ]);
    expectNoFormula(csv);
    expect(csv).toContain(`"'=BMC >= 1;'=1+1;"`);
    expect(csv).toContain(`"1;'=1+1;"`);
    expect(csv).toContain(`"PCIE:PN-1:1;'=cmd|' /C calc'!A0;"`);
  });
});

describe.each(DRIVERS)('fleet CSV export and bundle with formula payloads on %s', (driver) => {
  let t: TestApp;
  let token: string;
  let sn: string;

  beforeAll(async () => {
    // Uploads are read in-thread, as the upload worker reads them: a worker per upload (~0.5 s of
    // CPU each in the tests) is what inventory-upload-limits.test.ts and
    // inventory-upload-apply.test.ts test.
    t = await createTestApp(driver, { fileChecks: { inventory: readInventoryFile } });
    const modelId = (await referenceModel(t.db, 'M7-2U')).id;
    await newItemVersion(t.db, t.app.services.store, 'BMC', { version: '1.2.0', modelIds: [modelId] });
    await newItemVersion(t.db, t.app.services.store, 'PCIE', { version: '22.1', parts: ['PN-FORMULA-NIC'] });
    const user = await createUser(t.db, { roleCodes: ['customer'], organisation: 'Formula Fleet' });
    token = await tokenFor(t.app, user.account, user.password);
    sn = (
      await createServer(t.db, {
        modelId,
        customer: 'Formula Fleet',
        pcieParts: ['PN-FORMULA-NIC'],
        installed: { BMC: '1.0.0' },
      })
    ).sn;
    const reported = await callAs(t.app, token, 'POST', '/api/fleet/inventory', {
      source: 'audit',
      servers: [
        {
          sn,
          components: [
            { kind: 'BMC', version: VERSION_PAYLOAD },
            { kind: 'PCIE', pn: 'PN-FORMULA-NIC', slot: SLOT_PAYLOAD, version: '21.9' },
          ],
        },
      ],
    });
    expect(reported.status).toBe(200);
  });
  afterAll(() => t?.close());

  it('the fleet export quotes the payloads and no cell starts a formula', async () => {
    const answer = await t.app.inject({
      url: '/api/fleet/export?format=csv&locale=en-US',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain(`"1;'=1+1;"`);
    expect(answer.body).toContain(`"PCIE:PN-FORMULA-NIC:1;'=cmd|' /C calc'!A0;"`);
    expectNoFormula(answer.body);
  });

  it('a version, part number or slot with bidi or zero-width characters is refused, as a report or an upload line', async () => {
    for (const component of [
      { kind: 'BMC', version: '1.0\u202e0.9' },
      { kind: 'BMC', version: '1.2\u200b.0' },
      { kind: 'PCIE', pn: 'PN-FORMULA-NIC\u2066', version: '22.1' },
      { kind: 'PCIE', pn: 'PN-FORMULA-NIC', slot: '3\ufeff4', version: '22.1' },
    ]) {
      const answer = await callAs(t.app, token, 'POST', '/api/fleet/inventory', {
        servers: [{ sn, components: [component] }],
      });
      expect(answer.status, JSON.stringify(component)).toBe(400);
    }
    const upload = await uploadInventory(
      t.app,
      token,
      `sn,kind,pn,slot,version,seen_at\r\n${sn},BMC,,,1.0\u202e0.9,\r\n${sn},PCIE,PN-FORMULA-NIC,7\u200d,22.1,\r\n`,
      { dryRun: '1' },
    );
    const { errors } = upload.body.data;
    expect(errors.map((error) => error.line)).toEqual([2, 3]);
    const exported = await t.app.inject({
      url: '/api/fleet/export?format=csv',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(exported.body.replace(/^\uFEFF/, '')).not.toMatch(
      /[\u061c\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/,
    );
  });

  it('the bundle manifest CSV as downloaded', async () => {
    const created = await callAs<{ task: { id: number } }>(t.app, token, 'POST', '/api/fleet/bundle', {
      sns: [sn],
    });
    expect(created.status).toBe(200);
    await t.app.services.jobs.runUntilIdle();
    const files = readTar(await downloadResult(t, token, created.body.data.task.id));
    const csv = files.get(BUNDLE_MANIFEST_CSV)?.toString('utf8') ?? '';
    expect(csv).toContain("1;'=cmd|' /C calc'!A0;");
    expectNoFormula(csv);
  });
});
