import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { fleetBaselines, serverModels } from '../../db/schema';

/** A customer's baselines with their models' codes. */
export function baselinesOfUser(db: Db, userId: number) {
  return db
    .select({ baseline: fleetBaselines, model: serverModels.code, modelId: serverModels.id })
    .from(fleetBaselines)
    .innerJoin(serverModels, eq(serverModels.id, fleetBaselines.modelId))
    .where(eq(fleetBaselines.userId, userId));
}

/** The server model of this code (undefined: none). */
export async function modelByCode(db: Db, code: string) {
  const [model] = await db.select().from(serverModels).where(eq(serverModels.code, code));
  return model;
}

/** Sets the customer's baseline of one model (one per customer and model). */
export async function saveBaseline(
  db: Db,
  row: { userId: number; modelId: number; name: string; versions: Record<string, number>; updatedAt: Date },
) {
  await db
    .insert(fleetBaselines)
    .values(row)
    .onConflictDoUpdate({
      target: [fleetBaselines.userId, fleetBaselines.modelId],
      set: { name: row.name, versions: row.versions, updatedAt: row.updatedAt },
    });
}

export async function deleteBaseline(db: Db, userId: number, modelId: number) {
  await db
    .delete(fleetBaselines)
    .where(and(eq(fleetBaselines.userId, userId), eq(fleetBaselines.modelId, modelId)));
}
