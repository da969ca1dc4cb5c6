import {
  type CatalogConfig,
  type CatalogItemDetail,
  type CatalogModel,
  type CatalogTool,
  type CatalogVersionDetail,
  type CatalogVersionRow,
  ErrorCode,
  type Page,
} from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogItems, catalogVersions } from '../../db/schema';
import { CATALOG_ITEMS, type ItemSeed, type VersionSeed } from '../../db/seed/catalog-seed-data';
import { createServer, referenceModel } from '../../test/catalog-factories';
import { createUser } from '../../test/factories';
import { tokenFor, withToken } from '../../test/requests';
import { createTestApp, DRIVERS, type TestApp } from '../../test/test-app';

type Seeded = { item: ItemSeed; version: VersionSeed };
const SEEDED: Seeded[] = CATALOG_ITEMS.flatMap((item) => item.versions.map((version) => ({ item, version })));
const RESTRICTED_FOR_CUSTOMER = 'm7-4u-gpu-bios-lab';
/** The company the demo catalogue grants its early-access BMC to: the customer below belongs to it. */
const GRANTED_COMPANY = CATALOG_ITEMS.flatMap((item) => item.grants ?? []).find(
  ([grantType]) => grantType === 'customer',
)?.[1];

/** Published demo versions the customer sees (everything but the lab BIOS), narrowed by `keep`. */
function expectedForCustomer(keep: (s: Seeded) => boolean = () => true): Seeded[] {
  return SEEDED.filter((s) => s.item.code !== RESTRICTED_FOR_CUSTOMER && keep(s));
}

describe.each(DRIVERS)('catalogue browsing on %s', (driver) => {
  let t: TestApp;
  let customer: string;
  let plain: string;
  let lab: string;
  let staff: string;
  let draftId: number;

  beforeAll(async () => {
    // The demo catalogue is what this file tests; the people looking at it are built here.
    t = await createTestApp(driver, { catalog: true });
    const customerUser = await createUser(t.db, { roleCodes: ['customer'], organisation: GRANTED_COMPANY });
    customer = await tokenFor(t.app, customerUser.account, customerUser.password);
    const plainUser = await createUser(t.db, { roleCodes: ['customer'], company: 'Nobody Ltd' });
    plain = await tokenFor(t.app, plainUser.account, plainUser.password);
    const labUser = await createUser(t.db, {
      roleCodes: ['customer'],
      organisation: 'Contoso Research Institute',
    });
    // A server of the model the lab BIOS is granted to, shipped to the lab: binding it verifies at once.
    const labServer = await createServer(t.db, {
      modelId: (await referenceModel(t.db, 'M7-4U')).id,
      customer: 'Contoso Research Institute',
    });
    await t.app.services.serials.bind(labUser.id, labServer.sn, 'en-US');
    lab = await tokenFor(t.app, labUser.account, labUser.password);
    const staffUser = await createUser(t.db, { roleCodes: ['staff'] });
    staff = await tokenFor(t.app, staffUser.account, staffUser.password);
    // A draft of a signed-in item: only publishers may list or open it.
    const [cli] = await t.db.select().from(catalogItems).where(eq(catalogItems.code, 'ims-cli'));
    const [published] = await t.db
      .select()
      .from(catalogVersions)
      .where(eq(catalogVersions.itemId, cli?.id ?? 0));
    if (!published) throw new Error('seed missing');
    const { id: _id, ...copy } = published;
    const [draft] = await t.db
      .insert(catalogVersions)
      .values({
        ...copy,
        version: '1.6.0-beta',
        status: 'draft',
        releaseDate: '2026-11-01',
        storageKey: 'none',
      })
      .returning();
    draftId = draft?.id ?? 0;
  }, 60_000);
  afterAll(() => t.close());

  const get = <T>(url: string, as: string | null = customer, locale = 'en-US') => {
    const withLocale = `${url}${url.includes('?') ? '&' : '?'}locale=${locale}`;
    if (as === null)
      return t.app.inject({ method: 'GET', url: withLocale }).then((r) => ({
        status: r.statusCode,
        body: r.json<{ success: boolean; code: number; message: string; data: T }>(),
      }));
    return withToken<T>(t.app, as, { url: withLocale });
  };
  const list = async (query: string, as: string | null = customer) => {
    const answer = await get<Page<CatalogVersionRow>>(
      `${as === null ? '/api/public/catalog/versions' : '/api/catalog/versions'}?pageSize=100&${query}`,
      as,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data;
  };
  const keys = (rows: CatalogVersionRow[]) => rows.map((r) => `${r.itemCode}@${r.version}`).sort();
  const seededKeys = (seeded: Seeded[]) => seeded.map((s) => `${s.item.code}@${s.version.version}`).sort();

  it('needs a session for /api/catalog; the public list shows public items to anyone', async () => {
    expect((await t.app.inject({ url: '/api/catalog/versions' })).statusCode).toBe(401);
    const open = await list('', null);
    const publicItems = SEEDED.filter((s) => s.item.visibility === 'public');
    expect(open.totalRows).toBe(publicItems.length);
    expect(keys(open.rows)).toEqual(seededKeys(publicItems));
    // The overseas IMS CLI page: one item, newest first.
    const cli = await list('item=ims-cli', null);
    expect(cli.rows.map((r) => r.version)).toEqual(['1.5.2', '1.4.0']);
    // A signed-in item never appears there, whatever the filters.
    expect((await list('item=ims-platform', null)).totalRows).toBe(0);
    // Public lists take the same filters, and refuse bad ones.
    expect((await get('/api/public/catalog/versions?pageSize=101', null)).status).toBe(400);
  });

  it('lists what each viewer may see: grants by company, by a verified SN of a model, and staff', async () => {
    const customerList = await list('');
    expect(customerList.totalRows).toBe(expectedForCustomer().length);
    expect(keys(customerList.rows)).toEqual(seededKeys(expectedForCustomer()));

    const plainList = await list('', plain);
    const restricted = new Set(CATALOG_ITEMS.filter((i) => i.visibility === 'restricted').map((i) => i.code));
    expect(plainList.totalRows).toBe(SEEDED.filter((s) => !restricted.has(s.item.code)).length);
    expect(plainList.rows.some((r) => restricted.has(r.itemCode))).toBe(false);

    const labCodes = new Set((await list('', lab)).rows.map((r) => r.itemCode));
    expect(labCodes.has(RESTRICTED_FOR_CUSTOMER)).toBe(true);
    expect(labCodes.has('m7-bmc-early-access')).toBe(false);

    const staffList = await list('', staff);
    expect(staffList.totalRows).toBe(SEEDED.length); // published only unless asked
    expect(staffList.rows.some((r) => r.status !== 'published')).toBe(false);
  });

  it('shows drafts to publishers who ask for them and never to customers', async () => {
    const staffDrafts = await list('status=draft', staff);
    expect(staffDrafts.rows.map((r) => r.versionId)).toEqual([draftId]);
    expect((await list('status=draft,published', staff)).totalRows).toBe(SEEDED.length + 1);
    const customerDrafts = await list('status=draft');
    expect(customerDrafts.rows.every((r) => r.status === 'published')).toBe(true);
    expect(customerDrafts.totalRows).toBe(expectedForCustomer().length);
    expect((await get(`/api/catalog/versions/${draftId}`)).body.code).toBe(ErrorCode.CATALOG_NOT_VISIBLE);
    expect((await get(`/api/catalog/versions/${draftId}`, staff)).status).toBe(200);
  });

  it('filters by kinds, section, item, model code or family, part number, os, arch and severity', async () => {
    const cases: [string, (s: Seeded) => boolean][] = [
      ['kind=BMC,BIOS', (s) => ['BMC', 'BIOS'].includes(s.item.kind)],
      ['kind=BMC&kind=PSU', (s) => ['BMC', 'PSU'].includes(s.item.kind)],
      ['kind=SOFTWARE&section=cli', (s) => s.item.kind === 'SOFTWARE' && s.item.section === 'cli'],
      ['item=m6-bmc', (s) => s.item.code === 'm6-bmc'],
      ['model=M6-1U', (s) => (s.version.models ?? []).includes('M6-1U')],
      ['model=m7', (s) => (s.version.models ?? []).some((m) => m.startsWith('M7-'))],
      ['model=A7&kind=CONFIG', (s) => s.item.kind === 'CONFIG' && (s.version.models ?? []).includes('A7-2U')],
      ['part=pn-nic-25g-2p', (s) => (s.version.parts ?? []).includes('PN-NIC-25G-2P')],
      ['os=windows', (s) => s.version.os === 'Windows'],
      ['arch=aarch64', (s) => s.version.arch === 'aarch64'],
      ['severity=urgent', (s) => s.version.severity === 'urgent'],
      ['severity=urgent,recommended&kind=BIOS', (s) => s.item.kind === 'BIOS' && !!s.version.severity],
    ];
    for (const [query, keep] of cases) {
      const page = await list(query);
      const expected = expectedForCustomer(keep);
      expect(expected.length, query).toBeGreaterThan(0);
      expect(page.totalRows, query).toBe(expected.length);
      expect(keys(page.rows), query).toEqual(seededKeys(expected));
    }
    const m6 = await list('model=M6-1U&item=m6-bios');
    expect(m6.rows[0]?.models).toEqual(['M6-1U', 'M6-2U']);
    expect((await list('part=PN-NIC-25G-2P')).rows[0]?.parts).toEqual(['PN-NIC-25G-2P']);
    expect((await get('/api/catalog/versions?kind=NOPE')).status).toBe(400);
    expect((await get('/api/catalog/versions?sortField=sha256')).status).toBe(400);
  });

  it('searches item names in both languages, versions, file names and CVE ids', async () => {
    const cases: [string, (s: Seeded) => boolean][] = [
      ['q=vcenter', (s) => s.item.code === 'vcenter-plugin'],
      [`q=${encodeURIComponent('数据中心管理平台')}`, (s) => s.item.code.startsWith('ims-platform')],
      ['q=Onboard%20RAID', (s) => s.item.kind === 'RAID'],
      ['q=22.36', (s) => s.version.version === '22.36.1010'],
      ['q=livecd-aarch64', (s) => s.item.code === 'livecd-arm'],
      ['q=cve-2026-10231', (s) => (s.version.cves ?? []).includes('CVE-2026-10231')],
      ['q=.json&kind=CONFIG', (s) => s.item.kind === 'CONFIG'],
      // Matches both the item names ("M7 BMC firmware") and the file names (m7-bmc-...): each version once.
      ['q=m7%20bmc', (s) => s.item.code.startsWith('m7-bmc')],
      ['q=m7-bmc', (s) => s.item.code.startsWith('m7-bmc')],
    ];
    for (const [query, keep] of cases) {
      const page = await list(query);
      const expected = expectedForCustomer(keep);
      expect(expected.length, query).toBeGreaterThan(0);
      expect(keys(page.rows), query).toEqual(seededKeys(expected));
      expect(page.totalRows, query).toBe(expected.length);
    }
    // LIKE wildcards are taken literally.
    expect((await list('q=%25')).totalRows).toBe(0);
    expect((await list('q=bm_')).totalRows).toBe(0);
    // Search never reveals an item the viewer may not see.
    expect((await list('q=lab%20build')).totalRows).toBe(0);
    expect((await list('q=lab%20build', lab)).totalRows).toBe(1);
  });

  it('sorts by every field both ways and pages with a stable total', async () => {
    const all = await list('');
    const sorted = (field: string, order: string) => list(`sortField=${field}&sortOrder=${order}`);
    const byDate = (await list('')).rows.map((r) => r.releaseDate);
    expect(byDate).toEqual([...byDate].sort().reverse());
    expect((await sorted('releaseDate', 'ascend')).rows.map((r) => r.releaseDate)).toEqual(
      [...byDate].sort(),
    );
    const sizes = (await sorted('size', 'ascend')).rows.map((r) => r.fileSize);
    expect(sizes).toEqual([...sizes].sort((a, b) => a - b));
    const names = (await list('sortField=name')).rows.map((r) => r.itemName);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const namesDesc = (await sorted('name', 'descend')).rows.map((r) => r.itemName);
    expect(namesDesc).toEqual([...names].reverse());
    // Natural version order: 9.x after 10.x is wrong, and so is 22 before 3.
    const versions = (await list('kind=BMC&sortField=version&sortOrder=ascend')).rows.map((r) => r.version);
    expect(versions.indexOf('3.1.2')).toBeLessThan(versions.indexOf('4.0.0-rc1'));
    expect(versions.indexOf('4.0.0-rc1')).toBeLessThan(versions.indexOf('5.0.1'));
    const numeric = (await list('q=22.&sortField=version&sortOrder=ascend')).rows.map((r) => r.version);
    expect(numeric[0]).toBe('22.31.1014');

    await t.db.update(catalogVersions).set({ downloadCount: 42 }).where(eq(catalogVersions.version, '6.2.0'));
    const popular = await sorted('downloads', 'descend');
    expect(popular.rows[0]).toMatchObject({ itemCode: 'ims-platform', version: '6.2.0', downloadCount: 42 });

    // Pages of 7 cover the whole list once, in order, each with the same total.
    const seen: number[] = [];
    for (let pageNo = 1; pageNo <= Math.ceil(all.totalRows / 7); pageNo += 1) {
      const page = await get<Page<CatalogVersionRow>>(`/api/catalog/versions?pageSize=7&pageNo=${pageNo}`);
      expect(page.body.data.totalRows).toBe(all.totalRows);
      expect(page.body.data.pageNo).toBe(pageNo);
      seen.push(...page.body.data.rows.map((r) => r.versionId));
    }
    expect(seen).toEqual(all.rows.map((r) => r.versionId));
    const defaults = await get<Page<CatalogVersionRow>>('/api/catalog/versions');
    expect(defaults.body.data.rows).toHaveLength(10);
    expect((await get('/api/catalog/versions?pageSize=0')).status).toBe(400);
  });

  it('keeps only the newest version of each item with latest=true, then applies the filters', async () => {
    const latest = await list('latest=true');
    const visibleItems = CATALOG_ITEMS.filter((i) => i.code !== RESTRICTED_FOR_CUSTOMER);
    expect(latest.totalRows).toBe(visibleItems.length);
    for (const item of visibleItems) {
      const newest = [...item.versions].sort((a, b) => b.releaseDate.localeCompare(a.releaseDate))[0];
      expect(latest.rows.find((r) => r.itemCode === item.code)?.version, item.code).toBe(newest?.version);
    }
    // In date order the page comes from the statistics alone: same rows, newest (or oldest) first.
    const byDate = (a: CatalogVersionRow, b: CatalogVersionRow) =>
      b.releaseDate.localeCompare(a.releaseDate) || b.versionId - a.versionId;
    expect([...latest.rows].sort(byDate)).toEqual(latest.rows);
    const oldestFirst = await list('latest=true&sortOrder=ascend');
    expect(oldestFirst.rows).toEqual([...latest.rows].reverse());
    const pastTheEnd = await list('latest=true&pageNo=99');
    expect(pastTheEnd).toMatchObject({ rows: [], totalRows: visibleItems.length });
    // Past the end with a version filter (the matches are counted), and nothing matching at all.
    const urgent = await list('latest=true&severity=urgent');
    expect(urgent.totalRows).toBeGreaterThan(0);
    expect(await list('latest=true&severity=urgent&pageNo=99')).toMatchObject({
      rows: [],
      totalRows: urgent.totalRows,
    });
    const anyUrgent = await list('severity=urgent');
    expect(await list('severity=urgent&pageNo=99')).toMatchObject({
      rows: [],
      totalRows: anyUrgent.totalRows,
    });
    expect(await list('severity=urgent&q=no-such-text-anywhere')).toMatchObject({ rows: [], totalRows: 0 });
    const urgentBmc = await list('latest=true&kind=BMC&severity=urgent');
    expect(keys(urgentBmc.rows)).toEqual(['a7-bmc@5.1.2', 'm6-bmc@3.1.2', 'm7-bmc@4.1.2']);
    expect((await list('latest=true&item=ims-cli', null)).rows.map((r) => r.version)).toEqual(['1.5.2']);
    // The draft is newer, but customers' latest is the newest published version.
    expect((await list('latest=true&item=ims-cli')).rows.map((r) => r.version)).toEqual(['1.5.2']);
    expect((await list('latest=true&item=ims-cli&status=draft,published', staff)).rows[0]?.version).toBe(
      '1.6.0-beta',
    );
  });

  it('answers an item with its history and structured notes in the reader language', async () => {
    const en = await get<CatalogItemDetail>('/api/catalog/items/m7-bmc');
    expect(en.body.data).toMatchObject({ code: 'm7-bmc', kind: 'BMC', name: 'M7 BMC firmware' });
    expect(en.body.data.versions.map((v) => v.version)).toEqual(['4.1.2', '4.1.0', '4.0.1']);
    expect(en.body.data.versions[0]).toMatchObject({
      severity: 'urgent',
      cves: ['CVE-2026-10231'],
      models: ['M7-2U', 'M7-4U'],
      notes: {
        new: [],
        optimize: ['Shorter boot time'],
        hotfix: ['Fixed a web session fixation vulnerability'],
      },
    });
    const zh = await get<CatalogItemDetail>('/api/catalog/items/m7-bmc', customer, 'zh-CN');
    expect(zh.body.data.name).toBe('M7 BMC 固件');
    expect(zh.body.data.versions[0]?.notes.hotfix).toEqual(['修复 Web 会话固定漏洞']);
  });

  it('answers the same translated message for restricted, unknown and hidden items and versions', async () => {
    for (const locale of ['en-US', 'zh-CN']) {
      const hidden = await get(`/api/catalog/items/${RESTRICTED_FOR_CUSTOMER}`, customer, locale);
      const unknown = await get('/api/catalog/items/no-such-item', customer, locale);
      expect(hidden.status).toBe(404);
      expect(hidden.body).toMatchObject({ success: false, code: ErrorCode.CATALOG_NOT_VISIBLE });
      expect(unknown.body).toEqual({ ...hidden.body, data: unknown.body.data });
      expect(hidden.body.message).toBe(
        locale === 'en-US'
          ? 'Firmware does not exist or there is no permission to query it'
          : '固件不存在或没有权限查询',
      );
    }
    const [labVersion] = await t.db
      .select({ id: catalogVersions.id })
      .from(catalogVersions)
      .where(eq(catalogVersions.version, '9.9.0-lab'));
    expect((await get(`/api/catalog/versions/${labVersion?.id}`)).body.code).toBe(
      ErrorCode.CATALOG_NOT_VISIBLE,
    );
    expect((await get(`/api/catalog/versions/${labVersion?.id}`, lab)).status).toBe(200);
    expect((await get('/api/catalog/versions/999999')).body.code).toBe(ErrorCode.CATALOG_NOT_VISIBLE);
    expect((await get(`/api/catalog/tools/${RESTRICTED_FOR_CUSTOMER}`)).body.code).toBe(
      ErrorCode.CATALOG_NOT_VISIBLE,
    );
  });

  it('answers a version with checksums, notes, compatibility and the other versions', async () => {
    const row = (await list('item=m6-bios&q=5.1.0')).rows[0];
    const detail = await get<CatalogVersionDetail>(`/api/catalog/versions/${row?.versionId}`);
    expect(detail.status).toBe(200);
    expect(detail.body.data).toMatchObject({
      itemCode: 'm6-bios',
      version: '5.1.0',
      sha256: row?.sha256,
      md5: row?.md5,
      item: { code: 'm6-bios', name: 'M6 BIOS firmware', visibility: 'signed_in' },
      notes: { new: ['Redfish UpdateService support'], optimize: ['Improved fan speed control'], hotfix: [] },
      compatibility: {
        models: [
          { code: 'M6-1U', family: 'M6' },
          { code: 'M6-2U', family: 'M6' },
        ],
        parts: [],
      },
      notesHtml: '',
    });
    expect(detail.body.data.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(detail.body.data.otherVersions.map((v) => v.version)).toEqual(['5.1.2', '5.0.1']);
    expect((await get('/api/catalog/versions/abc')).status).toBe(400);
  });

  it('shows a configuration set as parsed JSON and refuses other kinds', async () => {
    const config = (await list('kind=CONFIG&model=M7')).rows[0];
    const answer = await get<CatalogConfig>(`/api/catalog/versions/${config?.versionId}/config`);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      itemCode: 'm7-bios-bmc-config',
      fileName: 'm7-bios-bmc-config-2026.1.json',
      config: { family: 'M7', bios: { BootMode: 'UEFI' } },
    });
    const firmware = (await list('item=m7-bmc')).rows[0];
    const refused = await get(`/api/catalog/versions/${firmware?.versionId}/config`);
    expect(refused.body.code).toBe(ErrorCode.CATALOG_NOT_CONFIG);
  });

  it('resolves a requested tool to its newest version, and lists the models', async () => {
    const tool = await get<CatalogTool>('/api/catalog/tools/ims-cli');
    expect(tool.body.data).toMatchObject({
      item: { code: 'ims-cli', section: 'cli' },
      latest: { version: '1.5.2' },
    });
    expect((await get('/api/catalog/tools/nothing')).body.code).toBe(ErrorCode.CATALOG_NOT_VISIBLE);
    // Links from other systems name tools loosely: a section, in any case.
    const ukits = await get<CatalogTool>('/api/catalog/tools/uKits');
    expect(ukits.body.data.item).toMatchObject({ code: 'server-ukits', section: 'ukits' });
    const models = await get<CatalogModel[]>('/api/catalog/models', customer, 'zh-CN');
    expect(models.body.data.map((m) => m.code)).toEqual(['A7-2U', 'M6-1U', 'M6-2U', 'M7-2U', 'M7-4U']);
    expect(models.body.data[0]).toMatchObject({ family: 'A7' });
  });
});
