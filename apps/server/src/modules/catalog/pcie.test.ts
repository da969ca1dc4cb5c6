import {
  ErrorCode,
  PCIE_MAX_SN_RESULTS_SHOWN,
  PCIE_UPLOAD_MAX_BYTES,
  PCIE_UPLOAD_MAX_VALUES,
  PCIE_VALUES_MAX_CHARS,
  type PcieLookupResult,
} from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createModel, createServer } from '../../test/catalog-factories';
import { publishedItem, signedInUser } from '../../test/download-fixtures';
import type { Answer } from '../../test/requests';
import { createTestApp, DRIVERS, type TestApp } from '../../test/test-app';
import { multipartBody, type Part } from '../publishing/publishing-test-kit';
import { UTF8_BOM } from './pcie-csv';

const OWNER = 'Pcie Owner Co';
const STRANGER = 'Pcie Stranger Ltd';
/** A card in the owner's server with open firmware, and one whose firmware only STRANGER may see. */
const OPEN_PART = 'PN-OPEN-NIC';
const SECRET_PART = 'PN-SECRET-RAID';
const UNKNOWN_SN = 'NOSUCHSN0001';

/**
 * The PCIe lookup's upload (a .txt list) and CSV export (pcie.routes.ts): what a customer gets,
 * what bad input and the limits answer, and that neither reveals another company's servers or
 * restricted firmware (the typed lookup's own tests are in serials/tenant-isolation.test.ts).
 */
describe.each(DRIVERS)('PCIe lookup upload and export on %s', (driver) => {
  let t: TestApp;
  let customer: string;
  let ownSn: string;
  let strangerSn: string;
  let openVersion: string;

  beforeAll(async () => {
    t = await createTestApp(driver);
    const model = await createModel(t.db);
    ownSn = (await createServer(t.db, { modelId: model.id, customer: OWNER, pcieParts: [OPEN_PART] })).sn;
    strangerSn = (
      await createServer(t.db, { modelId: model.id, customer: STRANGER, pcieParts: [SECRET_PART] })
    ).sn;
    openVersion = (await publishedItem(t, { kind: 'PCIE', version: '14.1.0', parts: [OPEN_PART] })).version
      .version;
    await publishedItem(t, {
      kind: 'PCIE',
      version: '9.9.9',
      visibility: 'restricted',
      grants: [['customer', STRANGER]],
      parts: [SECRET_PART],
    });
    customer = (await signedInUser(t, { roleCodes: ['customer'], organisation: OWNER })).token;
  }, 60_000);
  afterAll(() => t.close());

  const upload = async (by: string, parts: Part[], token = customer): Promise<Answer<PcieLookupResult>> => {
    const { payload, contentType } = multipartBody(parts);
    const answer = await t.app.inject({
      method: 'POST',
      url: `/api/catalog/pcie/lookup/upload?by=${by}&locale=en-US`,
      payload,
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    });
    return { status: answer.statusCode, body: answer.json(), headers: answer.headers };
  };
  const list = (text: string | Buffer, filename = 'list.txt'): Part[] => [
    { name: 'file', filename, content: Buffer.from(text), contentType: 'text/plain' },
  ];
  const exportCsv = (query: string, token = customer) =>
    t.app.inject({
      url: `/api/catalog/pcie/lookup/export?${query}&locale=en-US`,
      headers: { authorization: `Bearer ${token}` },
    });
  const csvLines = (body: string) => body.replace(UTF8_BOM, '').trimEnd().split('\r\n');
  const snsOf = (count: number, prefix = 'BULKSN') =>
    Array.from({ length: count }, (_, i) => `${prefix}${String(i).padStart(5, '0')}`);

  it('answers an uploaded list by SN: BOM, line ends, case and repeats as typed values would be', async () => {
    const text = `${UTF8_BOM}${ownSn.toLowerCase()}\r\n${ownSn}\n${UNKNOWN_SN};${strangerSn}\r\n`;
    const answer = await upload('sn', list(text));
    expect(answer.status).toBe(200);
    const result = answer.body.data;
    expect(result).toMatchObject({ by: 'sn', values: [ownSn, UNKNOWN_SN, strangerSn], truncated: false });
    expect(result.totalSerials).toBe(3);
    const [own, unknown, stranger] = result.serials;
    expect(own).toMatchObject({ sn: ownSn, found: true });
    expect(own?.parts.map((part) => [part.pn, part.versions.map((v) => v.version)])).toEqual([
      [OPEN_PART, [openVersion]],
    ]);
    // Another company's server answers exactly as a serial number that does not exist.
    expect(unknown).toEqual({ sn: UNKNOWN_SN, found: false, model: null, modelName: null, parts: [] });
    expect(stranger).toEqual({ ...unknown, sn: strangerSn });
  });

  it('answers an uploaded list by PN with only the firmware the caller may see', async () => {
    const answer = await upload('pn', list(`${OPEN_PART}, ${SECRET_PART}`));
    expect(answer.status).toBe(200);
    expect(answer.body.data.parts.map((part) => [part.pn, part.versions.map((v) => v.version)])).toEqual([
      [OPEN_PART, [openVersion]],
      [SECRET_PART, []],
    ]);
    // The company it is granted to sees it: the empty answer above is the grant, not a missing row.
    const stranger = await signedInUser(t, { roleCodes: ['customer'], organisation: STRANGER });
    const granted = await upload('pn', list(SECRET_PART), stranger.token);
    expect(granted.body.data.parts[0]?.versions.map((v) => v.version)).toEqual(['9.9.9']);
  });

  it('refuses bad uploads with the envelope: the lookup kind, the file field, type, content, emptiness', async () => {
    const cases: [string, Part[], number, number][] = [
      ['', list(ownSn), 400, ErrorCode.PARAM_ERROR],
      ['serial', list(ownSn), 400, ErrorCode.PARAM_ERROR],
      ['sn', [{ name: 'note', value: ownSn }], 400, ErrorCode.PARAM_ERROR],
      ['sn', list(ownSn, 'list.csv'), 415, ErrorCode.FILE_TYPE_NOT_ALLOWED],
      ['sn', list(Buffer.from([0x53, 0x4e, 0x00, 0x31]), 'list.txt'), 415, ErrorCode.FILE_TYPE_NOT_ALLOWED],
      ['sn', list(' \r\n, ;'), 400, ErrorCode.PCIE_SN_EMPTY],
      ['pn', list(''), 400, ErrorCode.PCIE_PN_EMPTY],
    ];
    for (const [by, parts, status, code] of cases) {
      const answer = await upload(by, parts);
      expect([answer.status, answer.body.code], `${by} ${JSON.stringify(parts).slice(0, 80)}`).toEqual([
        status,
        code,
      ]);
      expect(answer.body.success).toBe(false);
      expect(answer.body.message.length).toBeGreaterThan(0);
    }
    // Not multipart at all: the file is missing.
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/catalog/pcie/lookup/upload?by=sn&locale=en-US',
      payload: { file: ownSn },
      headers: { authorization: `Bearer ${customer}` },
    });
    expect([json.statusCode, json.json().code]).toEqual([400, ErrorCode.PARAM_ERROR]);
    expect(json.json().data).toEqual([{ field: 'file', message: expect.any(String) }]);
  });

  it(`takes ${PCIE_UPLOAD_MAX_VALUES} values and ${PCIE_UPLOAD_MAX_BYTES} bytes, no more; shows the first ${PCIE_MAX_SN_RESULTS_SHOWN} SNs`, async () => {
    const most = await upload('sn', list(snsOf(PCIE_UPLOAD_MAX_VALUES).join('\n')));
    expect(most.status).toBe(200);
    expect(most.body.data).toMatchObject({ truncated: true, totalSerials: PCIE_UPLOAD_MAX_VALUES });
    expect(most.body.data.serials).toHaveLength(PCIE_MAX_SN_RESULTS_SHOWN);
    expect(most.body.data.serials[0]?.sn).toBe('BULKSN00000');

    const tooMany = await upload('sn', list(snsOf(PCIE_UPLOAD_MAX_VALUES + 1).join('\n')));
    expect([tooMany.status, tooMany.body.code]).toEqual([400, ErrorCode.PCIE_TOO_MANY_VALUES]);
    expect(tooMany.body.message).toBe(`At most ${PCIE_UPLOAD_MAX_VALUES} SN per query (501 given)`);

    // Size counts bytes, not values: a list padded to the limit passes, one byte more does not.
    const padded = (size: number) =>
      Buffer.concat([Buffer.from(ownSn), Buffer.alloc(size - ownSn.length, ' ')]);
    const largest = await upload('sn', list(padded(PCIE_UPLOAD_MAX_BYTES)));
    expect(largest.status).toBe(200);
    expect(largest.body.data.values).toEqual([ownSn]);
    const tooLarge = await upload('sn', list(padded(PCIE_UPLOAD_MAX_BYTES + 1)));
    expect([tooLarge.status, tooLarge.body.code]).toEqual([413, ErrorCode.FILE_TOO_LARGE]);
    expect(tooLarge.body.message).toBe('The file is too large (at most 1 MB)');
  });

  it('exports by SN as CSV for Excel, every SN included, another company’s server as unknown', async () => {
    const values = [ownSn, strangerSn, UNKNOWN_SN, ...snsOf(PCIE_MAX_SN_RESULTS_SHOWN)].join(',');
    const answer = await exportCsv(`by=sn&values=${encodeURIComponent(values)}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe('attachment; filename="pcie-firmware-by-sn.csv"');
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.body.startsWith(UTF8_BOM)).toBe(true);
    const lines = csvLines(answer.body);
    expect(lines[0]).toBe('SN,Model,PN,Firmware,Version,Release date,File name,Size (bytes),SHA256');
    // Past the 100 SNs the page shows: the export has a line for each.
    expect(lines).toHaveLength(1 + 3 + PCIE_MAX_SN_RESULTS_SHOWN);
    expect(lines[1]).toMatch(new RegExp(`^${ownSn},[^,]+,${OPEN_PART},[^,]+,${openVersion},`));
    expect(lines[2]).toBe(`${strangerSn},Unknown serial number,,,,,,,`);
    expect(lines[3]).toBe(`${UNKNOWN_SN},Unknown serial number,,,,,,,`);
    expect(answer.body).not.toContain(SECRET_PART);
  });

  it('exports by PN without restricted firmware of others, and never as a spreadsheet formula', async () => {
    const values = [OPEN_PART, SECRET_PART, '=HYPERLINK("http://evil")'].join(';');
    const answer = await exportCsv(`by=pn&values=${encodeURIComponent(values)}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-disposition']).toBe('attachment; filename="pcie-firmware-by-pn.csv"');
    const lines = csvLines(answer.body);
    expect(lines[0]).toBe('PN,Firmware,Version,Release date,File name,Size (bytes),SHA256');
    expect(lines[1]).toMatch(new RegExp(`^${OPEN_PART},[^,]+,${openVersion},`));
    expect(lines[2]).toBe(`${SECRET_PART},No firmware available,,,,,`);
    expect(lines[3]).toBe(`"'=HYPERLINK(""HTTP://EVIL"")",No firmware available,,,,,`);
    expect(answer.body).not.toContain('9.9.9');
  });

  it('refuses a bad export with the envelope, not a CSV: kind, emptiness, count and length limits', async () => {
    const cases: [string, number, number][] = [
      [`values=${ownSn}`, 400, ErrorCode.PARAM_ERROR],
      [`by=serial&values=${ownSn}`, 400, ErrorCode.PARAM_ERROR],
      ['by=sn', 400, ErrorCode.PARAM_ERROR],
      ['by=sn&values=%20,%20', 400, ErrorCode.PCIE_SN_EMPTY],
      ['by=pn&values=', 400, ErrorCode.PCIE_PN_EMPTY],
      [`by=sn&values=${snsOf(PCIE_UPLOAD_MAX_VALUES + 1).join(',')}`, 400, ErrorCode.PCIE_TOO_MANY_VALUES],
      [`by=pn&values=${'P'.repeat(PCIE_VALUES_MAX_CHARS + 1)}`, 400, ErrorCode.PARAM_ERROR],
    ];
    for (const [query, status, code] of cases) {
      const answer = await exportCsv(query);
      expect([answer.statusCode, answer.json().code], query.slice(0, 60)).toEqual([status, code]);
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(answer.headers['content-disposition']).toBeUndefined();
    }
    const most = await exportCsv(`by=sn&values=${snsOf(PCIE_UPLOAD_MAX_VALUES).join(',')}`);
    expect(most.statusCode).toBe(200);
    expect(csvLines(most.body)).toHaveLength(1 + PCIE_UPLOAD_MAX_VALUES);
  });
});
