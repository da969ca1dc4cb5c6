import {
  type BoundSn,
  type Locale,
  SERIALS_PER_ACCOUNT,
  SERIALS_PER_BIND,
  SN_PATTERN,
  type SnLookup,
  type SnState,
  type Verification,
} from '@portal/contract';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { serialNumbers, serverModels, userSerials, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';

/** Company names as people type them: case, spaces and punctuation do not matter. */
export const normaliseCompany = (name: string) => name.toLowerCase().replace(/[\s.,()（）·\-_'"]+/g, '');

/** "a, b ,c" or ['a','b'] -> ['A','B','C']: trimmed, upper-cased, without duplicates. */
export function parseSerials(input: string | string[]): string[] {
  const parts = (Array.isArray(input) ? input : input.split(/[,，\s]+/)).map((sn) => sn.trim().toUpperCase());
  return [...new Set(parts.filter((sn) => sn.length > 0))];
}

/** Serial numbers: what the vendor shipped, and which of them a user bound to the account. */
export class SerialService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async lookup(sn: string, locale: Locale): Promise<SnLookup> {
    const normalised = sn.trim().toUpperCase();
    const [row] = SN_PATTERN.test(normalised)
      ? await this.db
          .select({ code: serverModels.code, nameZh: serverModels.nameZh, nameEn: serverModels.nameEn })
          .from(serialNumbers)
          .innerJoin(serverModels, eq(serverModels.id, serialNumbers.modelId))
          .where(eq(serialNumbers.sn, normalised))
          .limit(1)
      : [];
    return {
      sn: normalised,
      exists: row !== undefined,
      model: row?.code ?? null,
      modelName: row ? (locale === 'zh-CN' ? row.nameZh : row.nameEn) : null,
    };
  }

  /** Checks SNs before anything is written: limits, format, existence (the first unknown one is named). */
  async validate(input: string | string[]): Promise<string[]> {
    const serials = parseSerials(input);
    if (serials.length === 0) throw AppError.invalidFields([{ field: 'sn', messageKey: 'FIELD_REQUIRED' }]);
    if (serials.length > SERIALS_PER_BIND)
      throw new AppError('SN_LIMIT', { params: { max: SERIALS_PER_BIND, total: SERIALS_PER_ACCOUNT } });
    const invalid = serials.find((sn) => !SN_PATTERN.test(sn));
    if (invalid) throw new AppError('SN_NOT_FOUND', { params: { sn: invalid } });
    const known = await this.db
      .select({ sn: serialNumbers.sn })
      .from(serialNumbers)
      .where(inArray(serialNumbers.sn, serials));
    const knownSet = new Set(known.map((row) => row.sn));
    const unknown = serials.find((sn) => !knownSet.has(sn));
    if (unknown) throw new AppError('SN_NOT_FOUND', { params: { sn: unknown } });
    return serials;
  }

  /**
   * Binds validated SNs inside the caller's transaction. An SN whose customer is the
   * account's company is verified at once; any other waits for the vendor's support.
   */
  async bindValidated(db: Db, userId: number, company: string, serials: string[]): Promise<void> {
    if (serials.length === 0) return;
    const [bound] = await db.select({ n: count() }).from(userSerials).where(eq(userSerials.userId, userId));
    const already = await db
      .select({ sn: userSerials.sn })
      .from(userSerials)
      .where(and(eq(userSerials.userId, userId), inArray(userSerials.sn, serials)));
    const fresh = serials.filter((sn) => !already.some((row) => row.sn === sn));
    if ((bound?.n ?? 0) + fresh.length > SERIALS_PER_ACCOUNT)
      throw new AppError('SN_LIMIT', { params: { max: SERIALS_PER_BIND, total: SERIALS_PER_ACCOUNT } });
    if (fresh.length === 0) return;
    const owners = await db
      .select({ sn: serialNumbers.sn, customerName: serialNumbers.customerName })
      .from(serialNumbers)
      .where(inArray(serialNumbers.sn, fresh));
    const now = this.clock.now();
    const company_ = normaliseCompany(company);
    await db
      .insert(userSerials)
      .values(
        owners.map((owner) => {
          const state: SnState =
            company_.length > 0 && normaliseCompany(owner.customerName) === company_ ? 'verified' : 'pending';
          return { userId, sn: owner.sn, state, boundAt: now, verifiedAt: state === 'verified' ? now : null };
        }),
      )
      .onConflictDoNothing();
  }

  async bind(userId: number, input: string | string[], locale: Locale): Promise<Verification> {
    const serials = await this.validate(input);
    await this.db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      const [user] = await t.select({ company: users.company }).from(users).where(eq(users.id, userId));
      await this.bindValidated(t, userId, user?.company ?? '', serials);
    });
    return this.verification(userId, locale);
  }

  async unbind(userId: number, sn: string, locale: Locale): Promise<Verification> {
    const removed = await this.db
      .delete(userSerials)
      .where(and(eq(userSerials.userId, userId), eq(userSerials.sn, sn.trim().toUpperCase())))
      .returning({ sn: userSerials.sn });
    if (removed.length === 0) throw new AppError('SN_NOT_FOUND', { params: { sn } });
    return this.verification(userId, locale);
  }

  async verification(userId: number, locale: Locale): Promise<Verification> {
    const rows = await this.db
      .select({
        sn: userSerials.sn,
        state: userSerials.state,
        boundAt: userSerials.boundAt,
        verifiedAt: userSerials.verifiedAt,
        maintenanceEnd: serialNumbers.maintenanceEnd,
        model: serverModels.code,
        nameZh: serverModels.nameZh,
        nameEn: serverModels.nameEn,
      })
      .from(userSerials)
      .innerJoin(serialNumbers, eq(serialNumbers.sn, userSerials.sn))
      .innerJoin(serverModels, eq(serverModels.id, serialNumbers.modelId))
      .where(eq(userSerials.userId, userId))
      .orderBy(asc(userSerials.boundAt), asc(userSerials.sn));
    const serials: BoundSn[] = rows.map((row) => ({
      sn: row.sn,
      model: row.model,
      modelName: locale === 'zh-CN' ? row.nameZh : row.nameEn,
      state: row.state === 'verified' ? 'verified' : 'pending',
      maintenanceEnd: row.maintenanceEnd,
      boundAt: row.boundAt.toISOString(),
      verifiedAt: row.verifiedAt?.toISOString() ?? null,
    }));
    return {
      verified: serials.filter((s) => s.state === 'verified').length,
      pending: serials.filter((s) => s.state === 'pending').length,
      serials,
    };
  }

  /** The SNs that unlock restricted firmware for this user (the catalogue uses this). */
  async verifiedSerials(userId: number): Promise<string[]> {
    const rows = await this.db
      .select({ sn: userSerials.sn })
      .from(userSerials)
      .where(and(eq(userSerials.userId, userId), eq(userSerials.state, 'verified')));
    return rows.map((row) => row.sn);
  }
}
