import type { AdvisoryInput, StaffAdvisoryDetail } from '@portal/contract';
import { afterAll, beforeAll, expect } from 'vitest';
import { webhooks } from '../db/schema';
import { bindSerial, createItem, createServer, createVersion, referenceModel } from './catalog-factories';
import { createRole } from './factories';
import { type FlawAdvisory, flawAdvisoryInput } from './advisory-input';
import { callAs } from './requests';
import { signedInUser } from './signed-in-user';
import { createTestApp, type Driver, type TestApp } from './test-app';
import { DAY_MS } from '../lib/clock';

/**
 * The people of an advisory test, built for it instead of taken from the demo seed: staff with the
 * workflow's two roles and customers running an affected (or another) server.
 */

/**
 * The two roles of the four-eyes workflow, named after `prefix`: `<prefix>-writer` may write
 * (advisory:write), `<prefix>-approver` may write and approve (advisory:approve). Their codes.
 */
export async function advisoryRoles(t: TestApp, prefix: string) {
  const roles = { writer: `${prefix}-writer`, approver: `${prefix}-approver` };
  await createRole(t.db, roles.writer, ['advisory:write']);
  await createRole(t.db, roles.approver, ['advisory:write', 'advisory:approve']);
  return roles;
}

/** A signed-in user holding the roles `roleCodes`: its id, account and session token. */
export async function signedInWith(t: TestApp, ...roleCodes: string[]) {
  const { id, account, token } = await signedInUser(t, { roleCodes });
  return { id, account, token };
}

/**
 * A signed-in customer with a server of `modelId` bound to them (verified), running the firmware
 * `installed` (BMC 1.0.0 unless said): one an advisory of that model concerns, or a bystander.
 */
export async function customerRunning(
  t: TestApp,
  modelId: number,
  installed: Record<string, string> = { BMC: '1.0.0' },
) {
  const customer = await signedInWith(t, 'customer');
  const { sn } = await createServer(t.db, { modelId, installed });
  await bindSerial(t.db, customer.id, sn);
  return { ...customer, sn };
}

/**
 * A draft BMC `version` of `modelId` (in a new item unless `itemId` names one): a fix an advisory
 * may hold back until its embargo ends. Its id.
 */
export async function draftFix(t: TestApp, modelId: number, version: string, itemId?: number) {
  const item = itemId ?? (await createItem(t.db, { kind: 'BMC' })).id;
  const fix = await createVersion(t.db, t.app.services.store, {
    itemId: item,
    version,
    status: 'draft',
    modelIds: [modelId],
  });
  return fix.id;
}

/**
 * A webhook of `userId`'s for advisory events, stored as the settings page would (its deliveries
 * go out only when a test runs the queue).
 */
export async function advisoryWebhook(t: TestApp, userId: number) {
  await t.db.insert(webhooks).values({
    userId,
    url: 'https://hooks.example.com/psirt',
    secret: 'whsec_test',
    events: ['advisory.published', 'advisory.updated'],
  });
}

/**
 * `input` through the staff workflow: written and sent for review by `writer`, approved by
 * `approver` (each step answered 200); published, or under embargo until its `publishAt`.
 */
export async function approvedAdvisory(
  t: TestApp,
  writer: string,
  approver: string,
  input: AdvisoryInput,
): Promise<StaffAdvisoryDetail> {
  const step = async (token: string, url: string, body?: object) => {
    const answer = await callAs<StaffAdvisoryDetail>(
      t.app,
      token,
      'POST',
      `/api/staff/advisories${url}`,
      body,
    );
    expect(answer.status, `POST /api/staff/advisories${url}`).toBe(200);
    return answer.body.data;
  };
  const created = await step(writer, '', input);
  await step(writer, `/${created.id}/submit`);
  return step(approver, `/${created.id}/approve`);
}

/**
 * What an advisory test's `beforeAll` opens: a test app with the demo catalogue, a writer and an
 * approver of the four-eyes workflow (roles named after `prefix`) signed in, by their tokens, and
 * the ids of the two reference models the tests file their flaws against.
 */
export async function advisoryDesk(driver: Driver, prefix: string) {
  const t = await createTestApp(driver, { catalog: true });
  const roles = await advisoryRoles(t, prefix);
  const writer = (await signedInWith(t, roles.writer)).token;
  const approver = (await signedInWith(t, roles.approver)).token;
  const m72u = (await referenceModel(t.db, 'M7-2U')).id;
  const m74u = (await referenceModel(t.db, 'M7-4U')).id;
  return { t, writer, approver, m72u, m74u };
}
export type AdvisoryDesk = Awaited<ReturnType<typeof advisoryDesk>>;

/** `advisoryDesk` opened before the block's tests (the demo catalogue is slow to seed) and closed after them. */
export function advisoryDeskForBlock(driver: Driver, prefix: string, use: (desk: AdvisoryDesk) => void) {
  let desk: AdvisoryDesk | undefined;
  beforeAll(async () => {
    desk = await advisoryDesk(driver, prefix);
    use(desk);
  }, 240_000);
  afterAll(() => desk?.t.close());
}

/** An advisory of one flaw (see flawAdvisoryInput) written and approved at `desk`. */
export const approvedFlaw = (desk: AdvisoryDesk, flaw: FlawAdvisory, extra: Partial<AdvisoryInput> = {}) =>
  approvedAdvisory(desk.t, desk.writer, desk.approver, flawAdvisoryInput(flaw, extra));

/** What makes an approved advisory wait under embargo: publication a day after the test clock's now. */
export const embargoedADay = (t: TestApp): Partial<AdvisoryInput> => ({
  publishAt: new Date(t.clock.now().getTime() + DAY_MS).toISOString(),
});
