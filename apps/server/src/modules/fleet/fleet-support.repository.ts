import { supportEnded } from '@portal/contract/compliance';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { modelSupportPeriods } from '../../db/schema';

/** The models among `modelIds` whose end of security support has passed at `now` (issue 43 §4). */
export async function unsupportedModelsOf(db: Db, modelIds: number[], now: Date): Promise<Set<number>> {
  if (modelIds.length === 0) return new Set();
  const rows = await db
    .select({ modelId: modelSupportPeriods.modelId, end: modelSupportPeriods.securitySupportEnd })
    .from(modelSupportPeriods)
    .where(inArray(modelSupportPeriods.modelId, modelIds));
  return new Set(rows.filter((row) => supportEnded(row.end, now)).map((row) => row.modelId));
}
