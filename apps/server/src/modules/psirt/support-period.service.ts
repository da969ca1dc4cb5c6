import type { Locale, ModelSupport } from '@portal/contract';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { modelSupportPeriods, serverModels } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';

/**
 * Each model's end of security support (issue 43 §4, CRA Art. 13(19)): month and year, set by
 * staff who publish firmware; shown with the model wherever customers choose or own one.
 */
export class SupportPeriodService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async list(locale: Locale): Promise<ModelSupport[]> {
    const rows = await this.db
      .select({
        id: serverModels.id,
        code: serverModels.code,
        nameZh: serverModels.nameZh,
        nameEn: serverModels.nameEn,
        end: modelSupportPeriods.securitySupportEnd,
      })
      .from(serverModels)
      .leftJoin(modelSupportPeriods, eq(modelSupportPeriods.modelId, serverModels.id))
      .orderBy(asc(serverModels.family), asc(serverModels.code));
    return rows.map((row) => ({
      id: row.id,
      code: row.code,
      name: locale === 'en-US' ? row.nameEn : row.nameZh,
      securitySupportEnd: row.end,
    }));
  }

  /** Sets (or with null clears) a model's end of security support; the model as it is now and before. */
  async set(modelId: number, end: string | null, userId: number, locale: Locale) {
    const before = (await this.list(locale)).find((model) => model.id === modelId);
    if (!before) throw new AppError('MODEL_NOT_FOUND');
    if (end === null)
      await this.db.delete(modelSupportPeriods).where(eq(modelSupportPeriods.modelId, modelId));
    else
      await this.db
        .insert(modelSupportPeriods)
        .values({ modelId, securitySupportEnd: end, updatedBy: userId, updatedAt: this.clock.now() })
        .onConflictDoUpdate({
          target: modelSupportPeriods.modelId,
          set: { securitySupportEnd: end, updatedBy: userId, updatedAt: this.clock.now() },
        });
    return { model: { ...before, securitySupportEnd: end }, before: before.securitySupportEnd };
  }
}
