import {
  ErrorCode,
  type FleetServerDetail,
  type PublishItem,
  type PublishVersion,
  type SoftwareIdMap,
} from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, catalogItems } from '../../db/schema';
import { createItem, createServer, createVersion, referenceModel } from '../../test/catalog-factories';
import { createUser } from '../../test/factories';
import { callAs, tokenFor } from '../../test/requests';
import { createTestApp, DRIVERS, type TestApp } from '../../test/test-app';
import { archives, itemInput, uploadVersion, versionMeta } from './publishing-test-kit';

/**
 * What an update needs (issue 34 §2): staff set reboot, prerequisites and install order on a
 * version (wrong prerequisites answered with their own code, in the reader's language) and
 * SoftwareIds on an item; compliance targets carry them, prerequisites judged against THIS
 * server's versions, components in install order; the SoftwareId map for `fwportal audit`.
 */
describe.each(DRIVERS)('update plans on %s', (driver) => {
  let t: TestApp;
  let staff: string;
  let customer: string;
  let customerId: number;
  let sn: string;
  const versions: Record<string, number> = {};
  const plan = (token: string, id: number, body: object, locale = 'en-US') =>
    callAs<PublishVersion>(t.app, token, 'PUT', `/api/publishing/versions/${id}/update-plan`, body, locale);

  beforeAll(async () => {
    t = await createTestApp(driver);
    const staffUser = await createUser(t.db, { roleCodes: ['staff'] });
    staff = await tokenFor(t.app, staffUser.account, staffUser.password);
    const customerUser = await createUser(t.db, { roleCodes: ['customer'], organisation: 'Plan Fleet' });
    customer = await tokenFor(t.app, customerUser.account, customerUser.password);
    customerId = customerUser.id;
    const modelId = (await referenceModel(t.db, 'M7-2U')).id;
    const release = async (kind: string, version: string, parts?: string[]) => {
      const item = await createItem(t.db, { kind, code: `plan-${kind.toLowerCase()}` });
      const row = await createVersion(t.db, t.app.services.store, {
        itemId: item.id,
        version,
        ...(parts ? { parts } : { modelIds: [modelId] }),
      });
      versions[kind] = row.id;
      return item;
    };
    await release('BMC', '4.1.0');
    await release('BIOS', '6.1.0');
    await release('CPLD', '2.0');
    const card = await release('PCIE', '22.36', ['PN-PLAN-NIC']);
    await t.db
      .update(catalogItems)
      .set({ softwareIds: ['NIC-FW-PLAN'] })
      .where(eq(catalogItems.id, card.id));
    const secret = await createItem(t.db, { kind: 'BMC', code: 'plan-secret-bmc', visibility: 'restricted' });
    await t.db
      .update(catalogItems)
      .set({ softwareIds: ['SECRET-BMC'] })
      .where(eq(catalogItems.id, secret.id));
    sn = (
      await createServer(t.db, {
        modelId,
        customer: 'Plan Fleet',
        pcieParts: ['PN-PLAN-NIC'],
        installed: { BMC: '3.9.9', BIOS: '6.0.0', CPLD: '2.0', 'PN-PLAN-NIC': 'U32 build' },
      })
    ).sn;
  });
  afterAll(() => t.close());

  it('refuses wrong prerequisites with PUBLISH_PREREQUISITE_INVALID, in the reader language, on upload and on edit', async () => {
    const wrong = [
      { prerequisites: [{ component: 'GPU', minVersion: '1.0' }] },
      { prerequisites: [{ component: 'BMC', minVersion: ' ' }] },
      { prerequisites: [{ component: 'BMC', minVersion: 'x'.repeat(65) }] },
      {
        prerequisites: Array.from({ length: 9 }, (_, i) => ({ component: `PCIE:PN-${i}`, minVersion: '1' })),
      },
      {
        prerequisites: [
          { component: 'bmc', minVersion: '1' },
          { component: 'BMC', minVersion: '2' },
        ],
      },
      { prerequisites: [{ component: 'PCIE:', minVersion: '1' }] },
    ];
    for (const body of wrong) {
      const answer = await plan(staff, versions.BIOS!, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.code).toBe(ErrorCode.PUBLISH_PREREQUISITE_INVALID);
    }
    const zh = await plan(staff, versions.BIOS!, wrong[0]!, 'zh-CN');
    expect(zh.body.message).toContain('前置条件无效');
    expect(zh.body.data).toEqual([
      { field: 'prerequisites.0.component', message: expect.stringContaining('部件') },
    ]);
    const en = await plan(staff, versions.BIOS!, wrong[1]!);
    expect(en.body.message).toContain('The prerequisites are not valid');

    const item = (await callAs<PublishItem>(t.app, staff, 'POST', '/api/publishing/items', itemInput())).body
      .data;
    const upload = await uploadVersion(
      t,
      staff,
      item.id,
      { filename: 'bios.tar.gz', content: archives.tarGz() },
      versionMeta({ prerequisites: [{ component: 'BMC', minVersion: '' }] }),
    );
    expect(upload.status).toBe(400);
    expect(upload.body.code).toBe(ErrorCode.PUBLISH_PREREQUISITE_INVALID);
    expect(upload.body.data[0].field).toBe('meta.prerequisites.0.minVersion');

    const accepted = await uploadVersion(
      t,
      staff,
      item.id,
      { filename: 'bios.tar.gz', content: archives.tarGz() },
      versionMeta({
        rebootRequired: true,
        prerequisites: [{ component: 'pcie:pn-x', minVersion: '1.0' }],
        installOrder: 7,
      }),
    );
    expect(accepted.status).toBe(200);
    expect(accepted.body.data).toMatchObject({
      rebootRequired: true,
      prerequisites: [{ component: 'PCIE:PN-X', minVersion: '1.0' }],
      installOrder: 7,
    });
    // Customers never change a plan; an out-of-range order is an ordinary 400.
    expect((await plan(customer, versions.BIOS!, { rebootRequired: true })).status).toBe(403);
    expect((await plan(staff, versions.BIOS!, { installOrder: 0 })).status).toBe(400);
  });

  it('judges each target prerequisite against this server and lists components in install order', async () => {
    const bios = await plan(staff, versions.BIOS!, {
      rebootRequired: true,
      prerequisites: [
        { component: 'BMC', minVersion: '4.0' },
        { component: 'CPLD', minVersion: '2.0' },
        { component: 'PCIE:PN-PLAN-NIC', minVersion: '22.0' },
        { component: 'PSU', minVersion: '1.0' },
      ],
    });
    expect(bios.status).toBe(200);
    const audited = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'version.updatePlan'), eq(auditLog.targetId, String(versions.BIOS))));
    expect(audited).toHaveLength(1);
    // Staff move the CPLD before everything.
    expect((await plan(staff, versions.CPLD!, { installOrder: 5 })).status).toBe(200);

    const detail = (await callAs<FleetServerDetail>(t.app, customer, 'GET', `/api/fleet/servers/${sn}`)).body
      .data;
    expect(detail.components.map((row) => row.component)).toEqual([
      'CPLD',
      'BMC',
      'BIOS',
      'PCIE:PN-PLAN-NIC',
    ]);
    const target = detail.components.find((row) => row.component === 'BIOS')!.target!;
    expect(target).toMatchObject({ version: '6.1.0', rebootRequired: true, installOrder: 20 });
    expect(target.prerequisites).toEqual([
      { component: 'BMC', minVersion: '4.0', installed: '3.9.9', status: 'unsatisfied' },
      { component: 'CPLD', minVersion: '2.0', installed: '2.0', status: 'satisfied' },
      // A version the catalogue cannot order, and a component never reported: unknown.
      { component: 'PCIE:PN-PLAN-NIC', minVersion: '22.0', installed: 'U32 build', status: 'unknown' },
      { component: 'PSU', minVersion: '1.0', installed: null, status: 'unknown' },
    ]);
    const bmc = detail.components.find((row) => row.component === 'BMC')!.target!;
    expect(bmc).toMatchObject({ rebootRequired: false, prerequisites: [], installOrder: 10 });

    // A report that brings the BMC up satisfies the prerequisite at once.
    await callAs(t.app, customer, 'POST', '/api/fleet/inventory', {
      servers: [{ sn, components: [{ kind: 'BMC', version: '4.1.0' }] }],
    });
    const after = (await callAs<FleetServerDetail>(t.app, customer, 'GET', `/api/fleet/servers/${sn}`)).body
      .data;
    expect(after.components.find((row) => row.component === 'BIOS')!.target!.prerequisites[0]).toMatchObject({
      installed: '4.1.0',
      status: 'satisfied',
    });
  });

  it('maps SoftwareIds of the items the caller may see to kinds, and keeps them on items', async () => {
    const map = await callAs<SoftwareIdMap>(t.app, customer, 'GET', '/api/fleet/software-ids');
    expect(map.status).toBe(200);
    expect(map.body.data.entries).toContainEqual({
      softwareId: 'NIC-FW-PLAN',
      kind: 'PCIE',
      parts: ['PN-PLAN-NIC'],
      itemCode: 'plan-pcie',
    });
    expect(map.body.data.entries.some((entry) => entry.softwareId === 'SECRET-BMC')).toBe(false);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/fleet/software-ids' });
    expect(anonymous.statusCode).toBe(401);
    // fwportal audit reads it with the token it reports with (scope inventory), not another scope.
    const tokenOf = async (scope: 'inventory' | 'catalog:read') =>
      (await t.app.services.apiTokens.create(customerId, { name: scope, scopes: [scope], expiresInDays: 1 }))
        .token;
    expect((await callAs(t.app, await tokenOf('inventory'), 'GET', '/api/fleet/software-ids')).status).toBe(
      200,
    );
    expect(
      (await callAs(t.app, await tokenOf('catalog:read'), 'GET', '/api/fleet/software-ids')).body.code,
    ).toBe(1026002);

    const created = await callAs<PublishItem>(
      t.app,
      staff,
      'POST',
      '/api/publishing/items',
      itemInput({ code: 'plan-ids', softwareIds: ['BMC-Primary', 'BMC-Primary', 'BMC-Backup'] }),
    );
    expect(created.body.data.softwareIds).toEqual(['BMC-Primary', 'BMC-Backup']);
    const tooMany = await callAs(
      t.app,
      staff,
      'POST',
      '/api/publishing/items',
      itemInput({ code: 'plan-many', softwareIds: Array.from({ length: 17 }, (_, i) => `ID-${i}`) }),
    );
    expect(tooMany.status).toBe(400);
    const control = await callAs(
      t.app,
      staff,
      'POST',
      '/api/publishing/items',
      itemInput({ code: 'plan-ctl', softwareIds: ['BMC\u0007'] }),
    );
    expect(control.status).toBe(400);
  });
});
