import type { Db } from '../../../../apps/server/src/db/connection';
import { bindSerial, createServer, referenceModel } from '../../../../apps/server/src/test/catalog-factories';

/** The reference server model the test fleet is made of (reference data is seeded everywhere). */
export const FLEET_MODEL = 'M7-2U';

/**
 * Ships `sns` of `model` running `installed` (component -> version) and binds them to the user
 * as verified servers (what fleet resolve reads).
 */
export async function bindServers(
  db: Db,
  userId: number,
  sns: string[],
  model = FLEET_MODEL,
  installed: Record<string, string> = {},
) {
  const { id: modelId } = await referenceModel(db, model);
  for (const sn of sns) {
    await createServer(db, { modelId, sn, customer: 'Fleet Test Co', installed });
    await bindSerial(db, userId, sn);
  }
}
