import {
  type Entitlement,
  type EntitlementInput,
  entitlementInputSchema,
  type Locale,
  type Page,
} from '@portal/contract';
import { eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { newestFirstPage } from '../../db/newest-first-page';
import type { Db } from '../../db/connection';
import { activations, entitlementSerials, entitlements, serialNumbers } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { uniqueViolation } from '../../lib/pg-errors';
import { entitlementOf } from './activation.service';
import { withProductNames } from './product-names';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Staff (permission license:manage): contracts, the servers they cover and their node pools. */
export class EntitlementAdminService {
  constructor(private readonly db: Db) {}

  async page(
    q: string | undefined,
    pageNo: number,
    pageSize: number,
    locale: Locale,
  ): Promise<Page<Entitlement>> {
    const pattern = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
    const where = pattern
      ? or(
          ilike(entitlements.contractNo, pattern),
          ilike(entitlements.customerName, pattern),
          ilike(entitlements.product, pattern),
          inArray(
            entitlements.id,
            this.db
              .select({ id: entitlementSerials.entitlementId })
              .from(entitlementSerials)
              .where(ilike(entitlementSerials.sn, pattern)),
          ),
        )
      : undefined;
    const page = await newestFirstPage(this.db, entitlements, where, { pageNo, pageSize });
    const serials = await this.serialsOf(page.rows.map((row) => row.id));
    return {
      ...page,
      rows: await withProductNames(
        this.db,
        page.rows.map((row) => entitlementOf(row, serials.get(row.id) ?? [])),
        locale,
      ),
    };
  }

  async create(input: EntitlementInput, staffId: number, locale: Locale): Promise<Entitlement> {
    const data = entitlementInputSchema.parse(input);
    const sns = await this.knownSerials(data.serials);
    return this.unique(data.contractNo, () =>
      this.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(entitlements)
          .values({ ...this.columns(data), remainingNodes: data.authorisedNodes, createdBy: staffId })
          .returning();
        if (!row) throw new Error('entitlement not stored');
        await this.replaceSerials(tx, row.id, sns);
        return this.named(tx, entitlementOf(row, sns), locale);
      }),
    );
  }

  /**
   * Changing the authorised nodes keeps what was issued: remaining = new total - issued, in one
   * guarded UPDATE so a code issued meanwhile is counted too. Fewer than issued is refused.
   */
  async update(id: number, input: EntitlementInput, locale: Locale): Promise<Entitlement> {
    const data = entitlementInputSchema.parse(input);
    const sns = await this.knownSerials(data.serials);
    return this.unique(data.contractNo, () =>
      this.db.transaction(async (tx) => {
        const issued = sql`(${entitlements.authorisedNodes} - ${entitlements.remainingNodes})`;
        const [row] = await tx
          .update(entitlements)
          .set({ ...this.columns(data), remainingNodes: sql`${data.authorisedNodes} - ${issued}` })
          .where(sql`${entitlements.id} = ${id} and ${data.authorisedNodes} >= ${issued}`)
          .returning();
        if (!row) {
          const [current] = await tx.select().from(entitlements).where(eq(entitlements.id, id));
          if (!current) throw new AppError('ENTITLEMENT_UNKNOWN');
          throw new AppError('PARAM_ERROR', {
            fields: [{ field: 'authorisedNodes', messageKey: 'ENTITLEMENT_NODES_BELOW_ISSUED' }],
            params: { issued: current.authorisedNodes - current.remainingNodes },
          });
        }
        await this.replaceSerials(tx, id, sns);
        return this.named(tx, entitlementOf(row, sns), locale);
      }),
    );
  }

  private async named(tx: Pick<Db, 'select'>, entitlement: Omit<Entitlement, 'productName'>, locale: Locale) {
    const [named] = await withProductNames(tx, [entitlement], locale);
    if (!named) throw new Error('entitlement not named');
    return named;
  }

  /** Refused once codes were issued: those licences name the entitlement. */
  async remove(id: number): Promise<void> {
    const [used] = await this.db
      .select({ id: activations.id })
      .from(activations)
      .where(eq(activations.entitlementId, id))
      .limit(1);
    if (used) throw new AppError('ENTITLEMENT_IN_USE');
    const deleted = await this.db
      .delete(entitlements)
      .where(eq(entitlements.id, id))
      .returning({ id: entitlements.id });
    if (deleted.length === 0) throw new AppError('ENTITLEMENT_UNKNOWN');
  }

  private columns(data: ReturnType<typeof entitlementInputSchema.parse>) {
    return {
      contractNo: data.contractNo,
      customerName: data.customerName,
      product: data.product,
      versionFrom: data.versionFrom,
      versionTo: data.versionTo,
      authorisedNodes: data.authorisedNodes,
      maintenanceEnd: data.maintenanceEnd,
      trial: data.trial,
      trialDays: data.trialDays,
    };
  }

  /** Upper-cased, de-duplicated; an unknown SN is a field error naming it. */
  private async knownSerials(serials: string[]): Promise<string[]> {
    const wanted = [...new Set(serials.map((sn) => sn.toUpperCase()))];
    const found = await this.db
      .select({ sn: serialNumbers.sn })
      .from(serialNumbers)
      .where(inArray(serialNumbers.sn, wanted));
    const known = new Set(found.map((row) => row.sn));
    const unknown = wanted.find((sn) => !known.has(sn));
    if (unknown !== undefined)
      throw new AppError('PARAM_ERROR', {
        fields: [{ field: 'serials', messageKey: 'SN_UNKNOWN_IN_LIST' }],
        params: { sn: unknown },
      });
    return wanted;
  }

  private async replaceSerials(tx: Tx, id: number, sns: string[]) {
    await tx.delete(entitlementSerials).where(eq(entitlementSerials.entitlementId, id));
    await tx.insert(entitlementSerials).values(sns.map((sn) => ({ entitlementId: id, sn })));
  }

  private async serialsOf(ids: number[]): Promise<Map<number, string[]>> {
    const map = new Map<number, string[]>();
    if (ids.length === 0) return map;
    const rows = await this.db
      .select()
      .from(entitlementSerials)
      .where(inArray(entitlementSerials.entitlementId, ids))
      .orderBy(entitlementSerials.sn);
    for (const row of rows) map.set(row.entitlementId, [...(map.get(row.entitlementId) ?? []), row.sn]);
    return map;
  }

  private async unique<T>(contractNo: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (uniqueViolation(error) === 'entitlements_contract_no_unique')
        throw new AppError('ENTITLEMENT_EXISTS', { params: { contractNo } });
      throw error;
    }
  }
}
