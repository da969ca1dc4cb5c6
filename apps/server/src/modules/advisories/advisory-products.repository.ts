import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { serverModels } from '../../db/schema';

/** The models and the part numbers an advisory's affected rows name, each once, in the order named. */
export function namedProducts(rows: readonly { modelId: number | null; pn: string | null }[]) {
  return {
    modelIds: [...new Set(rows.flatMap((row) => (row.modelId === null ? [] : [row.modelId])))],
    pns: [...new Set(rows.flatMap((row) => (row.pn === null ? [] : [row.pn])))],
  };
}

/** The server models of `modelIds` that exist (none asked, none read): code and family by id. */
export async function modelsOf(db: Db, modelIds: number[]) {
  if (modelIds.length === 0) return [];
  return db
    .select({ id: serverModels.id, code: serverModels.code, family: serverModels.family })
    .from(serverModels)
    .where(inArray(serverModels.id, modelIds));
}
