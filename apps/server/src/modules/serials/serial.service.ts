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
import { organisations, serialNumbers, serverModels, userSerials, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';

/** Company names as people type them: case, spaces and punctuation do not matter. */
export const normaliseCompany = (name: string) => name.toLowerCase().replace(/[\s.,()（）·\-_'"]+/g, '');
/** What normaliseCompany strips, as a PostgreSQL regular expression (as in migration 0014), for set-based queries. */
export const COMPANY_PUNCTUATION = `[[:space:].,()（）·_'"-]+`;

/**
 * The normalised name of the organisation staff assigned the user to ('' when none): the only
 * thing that makes SNs, entitlements and restricted items "theirs" without staff verifying each
 * one. The `company` users type is never consulted.
 */
export async function organisationOf(db: Db, userId: number): Promise<string> {
  const [row] = await db
    .select({ name: organisations.normalisedName })
    .from(users)
    .innerJoin(organisations, eq(organisations.id, users.organisationId))
    .where(eq(users.id, userId))
    .limit(1);
  return row?.name ?? '';
}

/** Whether a server shipped to `customer` went to the organisation `organisationOf` named ('' for none). */
export function shippedToOrganisation(organisation: string, customer: string): boolean {
  return organisation !== '' && normaliseCompany(customer) === organisation;
}

/**
 * The ownership rule for one SN already read with the user's binding (`state`, null when not
 * bound): bound and verified, or shipped to their organisation. Set-based queries spell the
 * same rule in SQL (COMPANY_PUNCTUATION).
 */
export function ownsSerial(organisation: string, sn: { state: string | null; customer: string }): boolean {
  return sn.state === 'verified' || shippedToOrganisation(organisation, sn.customer);
}

/**
 * Of `serials`, those the user owns: bound and verified (by staff, or at binding because the
 * SN was shipped to their organisation), or shipped to their staff-assigned organisation.
 * Anything else must be answered as if the SN did not exist.
 */
export async function ownedSerials(db: Db, userId: number, serials: string[]): Promise<Set<string>> {
  if (serials.length === 0) return new Set();
  const [organisation, rows] = await Promise.all([
    organisationOf(db, userId),
    db
      .select({ sn: serialNumbers.sn, customer: serialNumbers.customerName, state: userSerials.state })
      .from(serialNumbers)
      .leftJoin(userSerials, and(eq(userSerials.sn, serialNumbers.sn), eq(userSerials.userId, userId)))
      .where(inArray(serialNumbers.sn, serials)),
  ]);
  return new Set(rows.filter((row) => ownsSerial(organisation, row)).map((row) => row.sn));
}

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

  /** Whether an SN can be registered (it is a shipped server); nothing more, anyone may ask. */
  async lookup(sn: string): Promise<SnLookup> {
    const normalised = sn.trim().toUpperCase();
    const [row] = SN_PATTERN.test(normalised)
      ? await this.db
          .select({ sn: serialNumbers.sn })
          .from(serialNumbers)
          .where(eq(serialNumbers.sn, normalised))
          .limit(1)
      : [];
    return { sn: normalised, exists: row !== undefined };
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
   * Binds validated SNs inside the caller's transaction. An SN shipped to the account's
   * staff-assigned organisation is verified at once; any other waits for the vendor's support
   * (pending gives nothing).
   */
  async bindValidated(db: Db, userId: number, serials: string[]): Promise<void> {
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
    const organisation = await organisationOf(db, userId);
    await db
      .insert(userSerials)
      .values(
        owners.map((owner) => {
          const state: SnState = shippedToOrganisation(organisation, owner.customerName)
            ? 'verified'
            : 'pending';
          return { userId, sn: owner.sn, state, boundAt: now, verifiedAt: state === 'verified' ? now : null };
        }),
      )
      .onConflictDoNothing();
  }

  async bind(userId: number, input: string | string[], locale: Locale): Promise<Verification> {
    const serials = await this.validate(input);
    await this.db.transaction(async (tx) => {
      await this.bindValidated(tx, userId, serials);
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

  /**
   * The account's bound SNs. A pending SN shows only what its owner-to-be typed (the SN and the
   * dates), not the model or maintenance: binding someone else's SN must not reveal its server.
   * Staff (`revealPending`) see everything.
   */
  async verification(userId: number, locale: Locale, revealPending = false): Promise<Verification> {
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
    const serials: BoundSn[] = rows.map((row) => {
      const shown = row.state === 'verified' || revealPending;
      return {
        sn: row.sn,
        model: shown ? row.model : null,
        modelName: shown ? (locale === 'zh-CN' ? row.nameZh : row.nameEn) : null,
        state: row.state === 'verified' ? 'verified' : 'pending',
        maintenanceEnd: shown ? row.maintenanceEnd : null,
        boundAt: row.boundAt.toISOString(),
        verifiedAt: row.verifiedAt?.toISOString() ?? null,
      };
    });
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
