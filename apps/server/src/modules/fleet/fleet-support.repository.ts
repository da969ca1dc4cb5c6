import { supportEnded } from '@portal/contract/compliance';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { modelSupportPeriods } from '../../db/schema';

/** The end of security support (`YYYY-MM`) of each of `modelIds` that has one (issue 43 §4). */
export async function supportEndsOf(db: Db, modelIds: number[]): Promise<Map<number, string>> {
  if (modelIds.length === 0) return new Map();
  const rows = await db
    .select({ modelId: modelSupportPeriods.modelId, end: modelSupportPeriods.securitySupportEnd })
    .from(modelSupportPeriods)
    .where(inArray(modelSupportPeriods.modelId, modelIds));
  return new Map(rows.flatMap((row) => (row.end ? [[row.modelId, row.end] as const] : [])));
}

/** The models among `modelIds` whose end of security support has passed at `now` (issue 43 §4). */
export async function unsupportedModelsOf(db: Db, modelIds: number[], now: Date): Promise<Set<number>> {
  const ends = await supportEndsOf(db, modelIds);
  return new Set([...ends].filter(([, end]) => supportEnded(end, now)).map(([modelId]) => modelId));
}
