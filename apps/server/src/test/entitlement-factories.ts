import type { Db } from '../db/connection';
import { entitlementSerials, entitlements } from '../db/schema';
import { createModel, createServer } from './catalog-factories';

let sequence = 0;

/**
 * A contract (entitlement) the vendor recorded for `customer`: `nodes` activations of `product`
 * on the servers `sns`, maintained until `maintenanceEnd`.
 */
export async function createEntitlement(
  db: Db,
  input: {
    customer: string;
    sns: string[];
    product?: string;
    nodes?: number;
    maintenanceEnd?: string;
    versionFrom?: string;
    versionTo?: string;
    trialDays?: number;
  },
) {
  sequence += 1;
  const nodes = input.nodes ?? 10;
  const [entitlement] = await db
    .insert(entitlements)
    .values({
      contractNo: `TEST-CONTRACT-${sequence}`,
      customerName: input.customer,
      product: input.product ?? 'ims-platform',
      versionFrom: input.versionFrom ?? '',
      versionTo: input.versionTo ?? '',
      authorisedNodes: nodes,
      remainingNodes: nodes,
      maintenanceEnd: input.maintenanceEnd ?? '2099-12-31',
      trial: input.trialDays !== undefined,
      trialDays: input.trialDays ?? 0,
    })
    .returning();
  if (!entitlement) throw new Error('entitlement not inserted');
  await db.insert(entitlementSerials).values(input.sns.map((sn) => ({ entitlementId: entitlement.id, sn })));
  return entitlement;
}

/** A server shipped to `customer` under maintenance, and an entitlement of `product` covering it. */
export async function createEntitledServer(
  db: Db,
  input: { customer: string; product?: string; nodes?: number },
) {
  const model = await createModel(db);
  const server = await createServer(db, { modelId: model.id, customer: input.customer });
  const entitlement = await createEntitlement(db, { ...input, sns: [server.sn] });
  return { server, entitlement };
}
