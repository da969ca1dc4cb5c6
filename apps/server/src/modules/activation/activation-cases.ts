import {
  type Activation,
  type ActivationRequest,
  type Entitlement,
  ErrorCode,
  type Page,
} from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { activations, catalogItems, entitlements } from '../../db/schema';
import { daysFrom, seedDay } from '../../db/seed/seed-dates';
import { verifyLicence } from '../../lib/licence/licence';
import { createModel, createServer } from '../../test/catalog-factories';
import { createEntitlement } from '../../test/entitlement-factories';
import { createUser } from '../../test/factories';
import { codeIn, lastMailTo } from '../../test/outbox';
import { tokenFor, withToken } from '../../test/requests';
import { createTestApp, type Driver, type TestApp } from '../../test/test-app';
import { DAY_MS } from '../../lib/clock';

/** The company whose servers and contracts the tests below use. */
const COMPANY = 'Lumen Compute Co., Ltd.';
const OWN_SN = 'LUM2U24000101';
const EXPIRED_SN = 'LUM1U22000417';
const OTHER_SN = 'NWD2U25000033';

/**
 * The activation cases on one driver: a file each (activation-pglite.test.ts and
 * activation-postgres.test.ts), so that the two run beside each other rather than one after the
 * other in one file (on a busy two-core CI run that file took 16-23 s).
 */
export const describeActivation = (only: Driver) =>
  describe.each([only])('activation codes on %s', (driver) => {
    let t: TestApp;
    /** The last days of maintenance of OWN_SN (running) and EXPIRED_SN (ended). */
    let ownEnd: string;
    let expiredEnd: string;
    /** The paid contract of ims-platform covering OWN_SN. */
    let paidContractId: number;
    beforeEach(async () => {
      t = await createTestApp(driver);
      const today = seedDay(t.clock.now());
      [ownEnd, expiredEnd] = [daysFrom(today, 113), daysFrom(today, -542)];
      // COMPANY's servers: one under maintenance with a paid and a trial contract, one whose
      // maintenance ended; and another customer's server under contract.
      const model = await createModel(t.db);
      for (const sn of [OWN_SN, EXPIRED_SN])
        await createServer(t.db, { modelId: model.id, customer: COMPANY, sn });
      await createServer(t.db, { modelId: model.id, customer: 'Northwind Data Center', sn: OTHER_SN });
      const contract = { customer: COMPANY, sns: [OWN_SN], maintenanceEnd: ownEnd };
      paidContractId = (await createEntitlement(t.db, { ...contract, nodes: 50 })).id;
      await createEntitlement(t.db, {
        ...contract,
        sns: [EXPIRED_SN],
        nodes: 10,
        maintenanceEnd: expiredEnd,
      });
      await createEntitlement(t.db, { ...contract, nodes: 100, trialDays: 30 });
      await createEntitlement(t.db, { customer: 'Northwind Data Center', sns: [OTHER_SN], nodes: 200 });
    });
    afterEach(() => t.close());

    let sequence = 0;
    /** A customer of COMPANY (holds its servers) with a mailbox of their own. */
    async function customer(company = COMPANY) {
      sequence += 1;
      const email = `ops${sequence}-${Date.now()}@lumen.example`;
      const user = await createUser(t.db, { roleCodes: ['customer'], email, company, organisation: company });
      return { email, token: await tokenFor(t.app, user.account, user.password) };
    }
    async function verifyCode(who: { email: string; token: string }) {
      const sent = await withToken(t.app, who.token, { url: '/api/activation/verifyCode' });
      expect(sent.status).toBe(200);
      return codeIn((await lastMailTo(t.db, who.email))?.body);
    }
    const request = (overrides: Partial<ActivationRequest> = {}): ActivationRequest => ({
      sn: OWN_SN,
      machineCode: 'ABC123XYZ',
      nodes: '5',
      verifyCode: '',
      product: 'ims-platform',
      version: '6.1.0',
      customerName: COMPANY,
      contacts: 'Li Lei',
      contactInfo: '+86 138 0000 0000',
      ...overrides,
    });
    const generate = (token: string, body: ActivationRequest, locale = 'en-US') =>
      withToken<Activation>(t.app, token, {
        method: 'POST',
        url: `/api/activation/generate?locale=${locale}`,
        payload: body,
      });
    const remaining = async (token: string, sn = OWN_SN) =>
      withToken<{ remainingNodes: number; authorisedNodes: number }>(t.app, token, {
        url: `/api/activation/remaining?product=ims-platform&sn=${sn}&locale=en-US`,
      });

    it('issues a signed licence, takes exactly its nodes, lists it and serves it as a file', async () => {
      const user = await customer();
      expect((await remaining(user.token)).body.data).toMatchObject({
        authorisedNodes: 50,
        remainingNodes: 50,
      });
      const code = await verifyCode(user);

      const answer = await generate(user.token, request({ verifyCode: code }));
      expect(answer.status).toBe(200);
      const issued = answer.body.data;
      expect(issued).toMatchObject({
        sn: OWN_SN,
        machineCode: 'ABC123XYZ',
        nodes: 5,
        trial: false,
      });
      // One node field (issue 18 §3): the answer has no second one.
      expect(issued).not.toHaveProperty('clusterNodes');
      // Valid through the last day of maintenance, wherever the machine is (it ends at UTC-12).
      expect(issued.validThrough).toBe(ownEnd);
      expect(issued.expiresAt).toBe(`${daysFrom(ownEnd, 1)}T12:00:00.000Z`);

      const key = await t.app.inject({ url: '/api/activation/public-key.pem' });
      expect(key.statusCode).toBe(200);
      const check = verifyLicence(issued.activationCode, key.body);
      expect(check).toMatchObject({
        valid: true,
        payload: {
          product: 'ims-platform',
          version: '6.1.0',
          machineCode: 'ABC123XYZ',
          nodes: 5,
          sn: OWN_SN,
        },
      });
      expect((await remaining(user.token)).body.data.remainingNodes).toBe(45);

      // The code was used up.
      const again = await generate(user.token, request({ verifyCode: code }));
      expect(again.body.code).toBe(ErrorCode.VERIFY_CODE_WRONG);
      expect((await remaining(user.token)).body.data.remainingNodes).toBe(45);

      const history = await withToken<Page<Activation>>(t.app, user.token, {
        url: '/api/activation/history',
      });
      expect(history.body.data.totalRows).toBe(1);
      expect(history.body.data.rows[0]?.activationCode).toBe(issued.activationCode);
      // The product reads as its catalogue name in the reader's language, not as its code (issue 18 §3);
      // a product no catalogue item carries keeps its code.
      expect(history.body.data.rows[0]?.productName).toBe('ims-platform');
      await t.db.insert(catalogItems).values({
        code: 'ims-platform',
        kind: 'SOFTWARE',
        nameZh: '数据中心管理平台',
        nameEn: 'Data-center management platform',
      });
      const named = await withToken<Page<Activation>>(t.app, user.token, { url: '/api/activation/history' });
      expect(named.body.data.rows[0]?.productName).toBe('数据中心管理平台');
      const held = await withToken<Entitlement[]>(t.app, user.token, {
        url: '/api/activation/entitlements?locale=en-US',
      });
      expect(held.body.data.map((e) => [e.product, e.productName])).toContainEqual([
        'ims-platform',
        'Data-center management platform',
      ]);

      const raw = await t.app.inject({
        url: `/api/activation/${issued.id}/file`,
        headers: { authorization: `Bearer ${user.token}` },
      });
      expect(raw.statusCode).toBe(200);
      expect(raw.headers['content-disposition']).toBe(
        `attachment; filename="activation-code-ABC123XYZ-${issued.id}.lic"`,
      );
      expect(raw.body.trim()).toBe(issued.activationCode);

      // Someone else's activation file does not exist for them.
      const stranger = await customer('Another Co.');
      const refused = await t.app.inject({
        url: `/api/activation/${issued.id}/file?locale=en-US`,
        headers: { authorization: `Bearer ${stranger.token}` },
      });
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({
        code: ErrorCode.ACTIVATION_FILE_FAILED,
        message: 'Download activation code file failed',
      });
    });

    it('checks machine code and nodes with the spec messages, in both languages', async () => {
      const user = await customer();
      const cases: [Partial<ActivationRequest>, number, string][] = [
        [
          { machineCode: 'abc123' },
          ErrorCode.MACHINE_CODE_INVALID,
          'The machine code must be uppercase letters, or uppercase letters and digits',
        ],
        [
          { machineCode: '123456' },
          ErrorCode.MACHINE_CODE_INVALID,
          'The machine code must be uppercase letters, or uppercase letters and digits',
        ],
        [
          { machineCode: 'ABC-123' },
          ErrorCode.MACHINE_CODE_INVALID,
          'The machine code must be uppercase letters, or uppercase letters and digits',
        ],
        [
          { nodes: 'ten' },
          ErrorCode.CLUSTER_NODES_INVALID,
          'The number of nodes must be a number from 1 to 1000',
        ],
        [
          { nodes: '1001' },
          ErrorCode.CLUSTER_NODES_INVALID,
          'The number of nodes must be a number from 1 to 1000',
        ],
        [
          { nodes: '0' },
          ErrorCode.CLUSTER_NODES_INVALID,
          'The number of nodes must be a number from 1 to 1000',
        ],
        [
          { nodes: '2.5' },
          ErrorCode.CLUSTER_NODES_INVALID,
          'The number of nodes must be a number from 1 to 1000',
        ],
        [
          { nodes: '' },
          ErrorCode.CLUSTER_NODES_INVALID,
          'The number of nodes must be a number from 1 to 1000',
        ],
      ];
      for (const [overrides, code, message] of cases) {
        const answer = await generate(user.token, request({ verifyCode: '000000', ...overrides }));
        expect(answer.status, JSON.stringify(overrides)).toBe(400);
        expect(answer.body).toMatchObject({ code, message });
      }
      const chinese = await generate(user.token, request({ machineCode: 'abc' }), 'zh-CN');
      expect(chinese.body.message).toBe('机器码只能由大写字母，或大写字母加数字组成');
      // Letters only is allowed (spec: "uppercase letters, or uppercase letters plus digits").
      const lettersOnly = await generate(
        user.token,
        request({ machineCode: 'ABCDEF', verifyCode: '000000' }),
      );
      expect(lettersOnly.body.code).toBe(ErrorCode.VERIFY_CODE_WRONG);
      expect((await remaining(user.token)).body.data.remainingNodes).toBe(50);
    });

    it('refuses servers and products the user holds no entitlement for, ended maintenance and too many nodes', async () => {
      const user = await customer();
      const code = await verifyCode(user);
      const notHeld = await generate(user.token, request({ sn: OTHER_SN, verifyCode: code }));
      expect(notHeld.status).toBe(404);
      expect(notHeld.body.code).toBe(ErrorCode.ENTITLEMENT_NOT_FOUND);
      const otherProduct = await generate(
        user.token,
        request({ product: 'other-product', verifyCode: code }),
      );
      expect(otherProduct.body.code).toBe(ErrorCode.ENTITLEMENT_NOT_FOUND);
      const ended = await generate(user.token, request({ sn: EXPIRED_SN, verifyCode: code }));
      expect(ended.body).toMatchObject({
        code: ErrorCode.MAINTENANCE_EXPIRED,
        message: `The maintenance period of serial number ${EXPIRED_SN} ended on ${expiredEnd}`,
      });
      const tooMany = await generate(user.token, request({ nodes: '51', verifyCode: code }));
      expect(tooMany.status).toBe(409);
      expect(tooMany.body.message).toBe('Not enough authorized nodes: 51 requested, 50 remaining');
      // None of these used the code up.
      expect((await generate(user.token, request({ verifyCode: code }))).status).toBe(200);

      // Queries: the other customer's server answers the spec's failure messages.
      expect((await remaining(user.token, OTHER_SN)).body).toMatchObject({
        code: ErrorCode.REMAINING_QUERY_FAILED,
        message: 'Failed to query the remaining authorized quantity',
      });
      const maintenance = (sn: string) =>
        withToken<{ maintenanceEnd: string; remainingDays: number }>(t.app, user.token, {
          url: `/api/activation/maintenance?product=ims-platform&sn=${sn}&locale=en-US`,
        });
      expect((await maintenance(OTHER_SN)).body).toMatchObject({
        code: ErrorCode.MAINTENANCE_QUERY_FAILED,
        message: 'Failed to query maintenance remain time',
      });
      const own = (await maintenance(OWN_SN.toLowerCase())).body.data;
      expect(own.maintenanceEnd).toBe(ownEnd);
      const today = t.clock.now();
      const expected = Math.round(
        (Date.parse(`${ownEnd}T00:00:00Z`) -
          Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate())) /
          DAY_MS,
      );
      expect(own.remainingDays).toBe(expected);
    });

    it('never issues more nodes than the entitlement has, however many ask at once', async () => {
      await t.db
        .update(entitlements)
        .set({ authorisedNodes: 20, remainingNodes: 20 })
        .where(eq(entitlements.id, paidContractId));
      const users = [];
      // Ten: the per-IP limit of code requests (all of these come from one address).
      for (let i = 0; i < 10; i++) users.push(await customer());
      const codes = await Promise.all(users.map(verifyCode));
      const answers = await Promise.all(
        users.map((user, i) =>
          generate(user.token, request({ nodes: '3', machineCode: `NODE${i}`, verifyCode: codes[i] ?? '' })),
        ),
      );
      const granted = answers.filter((answer) => answer.status === 200);
      expect(granted).toHaveLength(6);
      expect(answers.filter((answer) => answer.body.code === ErrorCode.NODES_EXCEEDED)).toHaveLength(4);
      const [row] = await t.db.select().from(entitlements).where(eq(entitlements.id, paidContractId));
      expect(row?.remainingNodes).toBe(2);
      const issued = await t.db.select({ nodes: activations.nodes }).from(activations);
      expect(issued.reduce((sum, { nodes }) => sum + nodes, 0)).toBe(18);
    });

    it('issues one time-limited trial per machine from a trial entitlement only', async () => {
      const user = await customer();
      const trial = (body: object) =>
        withToken<Activation>(t.app, user.token, {
          method: 'POST',
          url: '/api/activation/trial?locale=en-US',
          payload: body,
        });
      const { verifyCode: _v, ...base } = request({ nodes: '4', machineCode: 'TRIAL1' });
      const first = await trial(base);
      expect(first.status).toBe(200);
      expect(first.body.data).toMatchObject({ trial: true, nodes: 4 });
      // Thirty days: valid through the day 30 days from today, to its end everywhere.
      const lastDay = daysFrom(seedDay(t.clock.now()), 30);
      expect(first.body.data.validThrough).toBe(lastDay);
      expect(first.body.data.expiresAt).toBe(`${daysFrom(lastDay, 1)}T12:00:00.000Z`);
      expect((await trial(base)).body.code).toBe(ErrorCode.TRIAL_ALREADY_ISSUED);
      expect((await trial({ ...base, sn: EXPIRED_SN, machineCode: 'TRIAL2' })).body.code).toBe(
        ErrorCode.TRIAL_NOT_AVAILABLE,
      );
      // The paid pool is untouched by trials.
      expect((await remaining(user.token)).body.data.remainingNodes).toBe(50);
    });

    it('reads the old two node fields of an earlier client as the one node field', async () => {
      const user = await customer();
      const code = await verifyCode(user);
      // Before issue 18 §3 the form sent the cluster's nodes and the quantity; the quantity licensed.
      const { nodes: _nodes, ...old } = request({ verifyCode: code });
      const answer = await generate(user.token, { ...old, clusterNodes: '8', quantity: '5' });
      expect(answer.status).toBe(200);
      expect(answer.body.data.nodes).toBe(5);
      expect((await remaining(user.token)).body.data.remainingNodes).toBe(45);
      const [row] = await t.db.select().from(activations).where(eq(activations.id, answer.body.data.id));
      expect(row).toMatchObject({ nodes: 5, clusterNodes: 5 });
      // An old trial request sent only the cluster's nodes.
      const { verifyCode: _v, ...trialRequest } = old;
      const trial = await withToken<Activation>(t.app, user.token, {
        method: 'POST',
        url: '/api/activation/trial?locale=en-US',
        payload: { ...trialRequest, machineCode: 'OLDTRIAL', clusterNodes: '3' },
      });
      expect(trial.status).toBe(200);
      expect(trial.body.data.nodes).toBe(3);
    });

    it('keeps a maintenance end picked as a day that day, and licenses all of it in every time zone', async () => {
      const staffUser = await createUser(t.db, { roleCodes: ['staff'] });
      const staff = await tokenFor(t.app, staffUser.account, staffUser.password);
      // What the entitlement form sends for a day picked in UTC+8: the day, not an instant.
      const lastDay = daysFrom(seedDay(t.clock.now()), 40);
      const saved = await withToken<Entitlement>(t.app, staff, {
        method: 'POST',
        url: '/api/activation/manage/entitlements?locale=en-US',
        payload: {
          contractNo: 'C-TZ-1',
          customerName: COMPANY,
          product: 'tz-product',
          authorisedNodes: 10,
          maintenanceEnd: lastDay,
          serials: [OWN_SN],
        },
      });
      expect(saved.status).toBe(200);
      expect(saved.body.data.maintenanceEnd).toBe(lastDay);

      const user = await customer();
      const held = await withToken<Entitlement[]>(t.app, user.token, { url: '/api/activation/entitlements' });
      expect(held.body.data.find((e) => e.contractNo === 'C-TZ-1')?.maintenanceEnd).toBe(lastDay);
      const answer = await generate(
        user.token,
        request({ product: 'tz-product', nodes: '2', verifyCode: await verifyCode(user) }),
      );
      expect(answer.status).toBe(200);
      const issued = answer.body.data;
      // Shown as the day itself, in any zone: no instant to convert (and shift) in the browser.
      expect(issued.validThrough).toBe(lastDay);
      const history = await withToken<Page<Activation>>(t.app, user.token, {
        url: '/api/activation/history',
      });
      expect(history.body.data.rows[0]?.validThrough).toBe(lastDay);

      const key = (await t.app.inject({ url: '/api/activation/public-key.pem' })).body;
      const at = (instant: string) => verifyLicence(issued.activationCode, key, new Date(instant)).valid;
      const next = daysFrom(lastDay, 1);
      // The last second of the day in Shanghai (UTC+8), in UTC, in New York (UTC-5), at UTC-12: valid.
      expect(at(`${lastDay}T23:59:59+08:00`)).toBe(true);
      expect(at(`${lastDay}T23:59:59Z`)).toBe(true);
      expect(at(`${lastDay}T23:59:59-05:00`)).toBe(true);
      expect(at(`${lastDay}T23:59:59-12:00`)).toBe(true);
      // Once the day is over everywhere: expired.
      expect(at(`${next}T00:00:00-12:00`)).toBe(false);
    });

    it('lets only staff with license:manage run entitlements, and keeps issued nodes when editing', async () => {
      const user = await customer();
      const forbidden = await withToken(t.app, user.token, { url: '/api/activation/manage/entitlements' });
      expect(forbidden.status).toBe(403);
      expect(forbidden.body.code).toBe(ErrorCode.NO_PERMISSION_RESOURCE);
      const nobody = await createUser(t.db, { email: 'x@example.com', company: COMPANY });
      const noRole = await tokenFor(t.app, nobody.account, nobody.password);
      expect((await generate(noRole, request())).status).toBe(403);

      const staffUser = await createUser(t.db, { roleCodes: ['staff'] });
      const staff = await tokenFor(t.app, staffUser.account, staffUser.password);
      const save = (body: object, id?: number) =>
        withToken<{ id: number; remainingNodes: number }>(t.app, staff, {
          method: id ? 'PUT' : 'POST',
          url: `/api/activation/manage/entitlements${id ? `/${id}` : ''}?locale=en-US`,
          payload: body,
        });
      const input = {
        contractNo: 'C-2026-9',
        customerName: COMPANY,
        product: 'ims-platform',
        versionFrom: '7.0',
        versionTo: '7.9',
        authorisedNodes: 10,
        maintenanceEnd: '2028-01-01',
        serials: [OWN_SN.toLowerCase()],
      };
      const unknownSn = await save({ ...input, serials: ['NOPE123'] });
      expect(unknownSn.body.code).toBe(ErrorCode.PARAM_ERROR);
      expect(unknownSn.body.data).toEqual([{ field: 'serials', message: 'unknown serial number NOPE123' }]);
      const created = await save(input);
      expect(created.status).toBe(200);
      expect((await save(input)).body.code).toBe(ErrorCode.ENTITLEMENT_EXISTS);

      // Version 7.2 falls in the new contract's range only.
      const code = await verifyCode(user);
      const issued = await generate(user.token, request({ version: '7.2', nodes: '4', verifyCode: code }));
      expect(issued.status).toBe(200);
      const [row] = await t.db.select().from(entitlements).where(eq(entitlements.id, created.body.data.id));
      expect(row?.remainingNodes).toBe(6);

      const below = await save({ ...input, authorisedNodes: 3 }, created.body.data.id);
      expect(below.body.data).toEqual([
        { field: 'authorisedNodes', message: 'cannot be less than the 4 nodes already issued' },
      ]);
      const raised = await save({ ...input, authorisedNodes: 30 }, created.body.data.id);
      expect(raised.body.data.remainingNodes).toBe(26);

      const remove = (id: number) =>
        withToken(t.app, staff, {
          method: 'DELETE',
          url: `/api/activation/manage/entitlements/${id}?locale=en-US`,
        });
      expect((await remove(created.body.data.id)).body.code).toBe(ErrorCode.ENTITLEMENT_IN_USE);
      const unused = await save({ ...input, contractNo: 'C-UNUSED' });
      expect((await remove(unused.body.data.id)).status).toBe(200);
      expect((await remove(unused.body.data.id)).body.code).toBe(ErrorCode.ENTITLEMENT_UNKNOWN);
    });
  });
