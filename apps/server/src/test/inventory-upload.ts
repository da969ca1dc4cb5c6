import type { InventoryUploadResult } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { createServer, referenceModel } from './catalog-factories';
import { createUser } from './factories';
import { tokenFor } from './requests';
import { createTestApp, type Driver, type TestApp, type TestAppOptions } from './test-app';

/** The header line of the inventory CSV template, written out as a customer's file has it. */
export const INVENTORY_CSV_HEADER = 'sn,kind,pn,slot,version,seen_at';
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export type InventoryUploadAnswer = {
  status: number;
  body: { code: number; message: string; data: InventoryUploadResult };
  headers: Record<string, unknown>;
};

/**
 * POST /api/fleet/inventory/upload as `token`: the file `body` (a CSV unless `contentType` says
 * otherwise) previewed (`dryRun` '1') or applied ('0'), answered in `locale` (English unless said).
 */
export async function uploadInventory(
  app: FastifyInstance,
  token: string,
  body: Buffer | string,
  {
    dryRun,
    locale = 'en-US',
    contentType = 'text/csv',
  }: { dryRun: '0' | '1'; locale?: string; contentType?: string },
): Promise<InventoryUploadAnswer> {
  const answer = await app.inject({
    method: 'POST',
    url: `/api/fleet/inventory/upload?dryRun=${dryRun}&locale=${locale}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    payload: body,
  });
  return { status: answer.statusCode, body: answer.json(), headers: answer.headers };
}

/**
 * A portal on `driver` with a customer (its token) owning one server (`mine`), for the describe
 * block it is called in (its beforeAll and afterAll); `upload` sends a file as that customer.
 * Uploads are read in the upload worker, as in the portal, unless `fileChecks` says otherwise.
 */
export function portalWithCustomer(driver: Driver, options: Pick<TestAppOptions, 'fileChecks'> = {}) {
  const fleet = {} as { t: TestApp; token: string; mine: string };
  beforeAll(async () => {
    fleet.t = await createTestApp(driver, options);
    const modelId = (await referenceModel(fleet.t.db, 'M7-2U')).id;
    const user = await createUser(fleet.t.db, { roleCodes: ['customer'], organisation: 'Capped Fleet' });
    fleet.token = await tokenFor(fleet.t.app, user.account, user.password);
    fleet.mine = (await createServer(fleet.t.db, { modelId, customer: 'Capped Fleet' })).sn;
  });
  afterAll(() => fleet.t.close());
  const upload = (body: Buffer | string, dryRun: '0' | '1', locale = 'en-US', contentType = 'text/csv') =>
    uploadInventory(fleet.t.app, fleet.token, body, { dryRun, locale, contentType });
  return { fleet, upload };
}
