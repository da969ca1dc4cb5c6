import { randomUUID } from 'node:crypto';
import {
  type Activation,
  type ActivationRequest,
  activationRequestSchema,
  type Entitlement,
  LICENCE_FORMAT,
  type LicencePayload,
  type Locale,
  MACHINE_CODE_PATTERN,
  type MaintenanceRemain,
  MAX_APPLICATION_QUANTITY,
  type Page,
  type RemainingNodes,
  type TrialRequest,
  trialRequestSchema,
} from '@portal/contract';
import { and, eq, gte, sql } from 'drizzle-orm';
import { newestFirstPage } from '../../db/newest-first-page';
import type { Db } from '../../db/connection';
import { activations, entitlements } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { Ed25519Signer } from '../../lib/signing/ed25519-signer';
import { signLicence } from '../../lib/licence/licence';
import { uniqueViolation } from '../../lib/pg-errors';
import type { AccountCodeMailer } from '../account/account-code-mailer';
import { dayAfter, daysUntil, endOfDay, lastDayOf } from './entitlement-match';
import { withProductNames } from './product-names';
import {
  coveringEntitlements,
  type EntitlementRow,
  entitlementsOfUser,
  userHoldsSerial,
} from './entitlement-lookup';

type Requester = { userId: number; ip: string | null; locale: Locale };
type ActivationRow = typeof activations.$inferSelect;

/** A whole number within [1, max] typed as text, or null (spec 5: "numeric"). */
function wholeNumber(text: string, max: number): number | null {
  if (!/^\d{1,7}$/.test(text)) return null;
  const value = Number(text);
  return value >= 1 && value <= max ? value : null;
}

export function activationOf(row: ActivationRow): Omit<Activation, 'productName'> {
  return {
    id: row.id,
    licenceId: row.licenceId,
    sn: row.sn,
    machineCode: row.machineCode,
    nodes: row.nodes,
    product: row.product,
    version: row.version,
    customerName: row.customerName,
    contacts: row.contacts,
    contactInfo: row.contactInfo,
    trial: row.trial,
    validThrough: lastDayOf(row.expiresAt),
    expiresAt: row.expiresAt.toISOString(),
    createTime: row.createdAt.toISOString(),
    activationCode: row.licence,
  };
}

export function entitlementOf(row: EntitlementRow, serials: string[]): Omit<Entitlement, 'productName'> {
  return {
    id: row.id,
    contractNo: row.contractNo,
    customerName: row.customerName,
    product: row.product,
    versionFrom: row.versionFrom,
    versionTo: row.versionTo,
    authorisedNodes: row.authorisedNodes,
    remainingNodes: row.remainingNodes,
    maintenanceEnd: row.maintenanceEnd,
    trial: row.trial,
    trialDays: row.trialDays,
    serials,
    createTime: row.createdAt.toISOString(),
  };
}

/**
 * Activation codes: checks a request against the entitlements the user holds, takes the nodes
 * with one guarded UPDATE (never below zero, whatever runs at the same time) and stores the
 * signed licence in the same transaction.
 */
export class ActivationService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly codes: AccountCodeMailer,
    private readonly signer: () => Promise<Ed25519Signer>,
  ) {}

  async generate(requester: Requester, input: ActivationRequest): Promise<Activation> {
    const request = activationRequestSchema.parse(input);
    const { machineCode, nodes, sn } = this.checkCommon(request);
    const candidates = await this.candidates(requester.userId, { ...request, sn }, false);
    const fitting = candidates.find((row) => row.remainingNodes >= nodes);
    if (!fitting) {
      const remaining = Math.max(0, ...candidates.map((row) => row.remainingNodes));
      throw new AppError('NODES_EXCEEDED', { params: { requested: nodes, remaining } });
    }
    // The code is used up only by a request that could succeed.
    await this.codes.consume('activation', requester.userId, request.verifyCode);
    // Valid through the last day of maintenance, inclusive.
    const expiresAt = endOfDay(fitting.maintenanceEnd);
    return this.issue(requester, fitting, { ...request, sn, machineCode }, nodes, expiresAt, false);
  }

  /**
   * A time-limited licence from a trial entitlement, one per machine and product: valid through
   * the day `trialDays` days from today, or the last day of maintenance when that comes first.
   */
  async trial(requester: Requester, input: TrialRequest): Promise<Activation> {
    const request = trialRequestSchema.parse(input);
    const { machineCode, nodes, sn } = this.checkCommon(request);
    const candidates = await this.candidates(requester.userId, { ...request, sn }, true).catch(
      (error: unknown) => {
        if (error instanceof AppError && error.messageKey === 'ENTITLEMENT_NOT_FOUND')
          throw new AppError('TRIAL_NOT_AVAILABLE', { params: { product: request.product, sn } });
        throw error;
      },
    );
    const fitting = candidates.find((row) => row.remainingNodes >= nodes);
    if (!fitting) {
      const remaining = Math.max(0, ...candidates.map((row) => row.remainingNodes));
      throw new AppError('NODES_EXCEEDED', { params: { requested: nodes, remaining } });
    }
    const trialEnd = dayAfter(this.clock.now(), fitting.trialDays);
    // Both YYYY-MM-DD: the earlier day sorts first.
    const lastDay = trialEnd < fitting.maintenanceEnd ? trialEnd : fitting.maintenanceEnd;
    return this.issue(requester, fitting, { ...request, sn, machineCode }, nodes, endOfDay(lastDay), true);
  }

  async history(userId: number, pageNo: number, pageSize: number, locale: Locale): Promise<Page<Activation>> {
    const page = await newestFirstPage(this.db, activations, eq(activations.userId, userId), {
      pageNo,
      pageSize,
    });
    return {
      ...page,
      rows: await withProductNames(this.db, page.rows.map(activationOf), locale),
    };
  }

  /** The code as a file; someone else's activation answers like a missing one. */
  async file(userId: number, id: number): Promise<{ fileName: string; body: string }> {
    const [row] = await this.db
      .select()
      .from(activations)
      .where(and(eq(activations.id, id), eq(activations.userId, userId)))
      .limit(1);
    if (!row) throw new AppError('ACTIVATION_FILE_FAILED');
    // Only [A-Z0-9] and digits: safe in a Content-Disposition header as it is.
    return { fileName: `activation-code-${row.machineCode}-${row.id}.lic`, body: `${row.licence}\n` };
  }

  async remaining(userId: number, product: string, sn: string): Promise<RemainingNodes> {
    const rows = await this.held(userId, product, sn, 'REMAINING_QUERY_FAILED');
    return {
      product,
      sn: sn.toUpperCase(),
      authorisedNodes: rows.reduce((sum, row) => sum + row.authorisedNodes, 0),
      remainingNodes: rows.reduce((sum, row) => sum + row.remainingNodes, 0),
    };
  }

  async maintenance(userId: number, product: string, sn: string): Promise<MaintenanceRemain> {
    const rows = await this.held(userId, product, sn, 'MAINTENANCE_QUERY_FAILED');
    const maintenanceEnd =
      rows
        .map((row) => row.maintenanceEnd)
        .sort()
        .at(-1) ?? '';
    return {
      product,
      sn: sn.toUpperCase(),
      maintenanceEnd,
      remainingDays: daysUntil(maintenanceEnd, this.clock.now()),
    };
  }

  async entitlements(userId: number, locale: Locale): Promise<Entitlement[]> {
    const held = await entitlementsOfUser(this.db, userId);
    return withProductNames(
      this.db,
      held.map(({ row, serials }) => entitlementOf(row, serials)),
      locale,
    );
  }

  async publicKeyPem(): Promise<string> {
    return (await this.signer()).publicKeyPem;
  }

  /** Spec 5 rules shared by codes and trials, in the order of the form: one node field for both. */
  private checkCommon(request: { sn: string; machineCode: string; nodes: string }) {
    if (!MACHINE_CODE_PATTERN.test(request.machineCode)) throw new AppError('MACHINE_CODE_INVALID');
    const nodes = wholeNumber(request.nodes, MAX_APPLICATION_QUANTITY);
    if (nodes === null)
      throw new AppError('CLUSTER_NODES_INVALID', { params: { max: MAX_APPLICATION_QUANTITY } });
    return { machineCode: request.machineCode, nodes, sn: request.sn.toUpperCase() };
  }

  /** Entitlements of this user that cover the request and whose maintenance has not ended. */
  private async candidates(
    userId: number,
    request: { sn: string; product: string; version: string },
    trial: boolean,
  ): Promise<EntitlementRow[]> {
    const notFound = () =>
      new AppError('ENTITLEMENT_NOT_FOUND', {
        params: { sn: request.sn, product: request.product, version: request.version },
      });
    if (!(await userHoldsSerial(this.db, userId, request.sn))) throw notFound();
    const rows = await coveringEntitlements(this.db, { ...request, trial });
    if (rows.length === 0) throw notFound();
    const today = this.clock.now();
    const current = rows.filter((row) => daysUntil(row.maintenanceEnd, today) >= 0);
    if (current.length === 0)
      throw new AppError('MAINTENANCE_EXPIRED', {
        params: { sn: request.sn, date: rows[0]?.maintenanceEnd ?? '' },
      });
    return current;
  }

  private async held(
    userId: number,
    product: string,
    sn: string,
    failure: 'REMAINING_QUERY_FAILED' | 'MAINTENANCE_QUERY_FAILED',
  ) {
    const serial = sn.trim().toUpperCase();
    if (!(await userHoldsSerial(this.db, userId, serial))) throw new AppError(failure);
    const rows = await coveringEntitlements(this.db, { sn: serial, product, trial: false });
    if (rows.length === 0) throw new AppError(failure);
    return rows;
  }

  private async issue(
    requester: Requester,
    entitlement: EntitlementRow,
    request: Omit<ReturnType<typeof trialRequestSchema.parse>, 'nodes'>,
    nodes: number,
    expiresAt: Date,
    trial: boolean,
  ): Promise<Activation> {
    const now = this.clock.now();
    const licenceId = randomUUID();
    const payload: LicencePayload = {
      format: LICENCE_FORMAT,
      id: licenceId,
      product: request.product,
      version: request.version,
      machineCode: request.machineCode,
      nodes,
      sn: request.sn,
      customer: request.customerName,
      trial,
      issuedAt: now.toISOString(),
      expiresAt: expiresAt.toISOString(),
    };
    const licence = signLicence(payload, await this.signer());
    try {
      return await this.db.transaction(async (tx) => {
        const [taken] = await tx
          .update(entitlements)
          .set({ remainingNodes: sql`${entitlements.remainingNodes} - ${nodes}` })
          .where(and(eq(entitlements.id, entitlement.id), gte(entitlements.remainingNodes, nodes)))
          .returning({ remaining: entitlements.remainingNodes });
        if (!taken) {
          // Someone else took the nodes between the check and now.
          const [current] = await tx
            .select({ remaining: entitlements.remainingNodes })
            .from(entitlements)
            .where(eq(entitlements.id, entitlement.id));
          throw new AppError('NODES_EXCEEDED', {
            params: { requested: nodes, remaining: current?.remaining ?? 0 },
          });
        }
        const [row] = await tx
          .insert(activations)
          .values({
            licenceId,
            userId: requester.userId,
            entitlementId: entitlement.id,
            sn: request.sn,
            machineCode: request.machineCode,
            // One node field since issue 18 §3: the column keeps the licensed nodes.
            clusterNodes: nodes,
            nodes,
            product: request.product,
            version: request.version,
            customerName: request.customerName,
            contacts: request.contacts,
            contactInfo: request.contactInfo,
            trial,
            expiresAt,
            licence,
            ip: requester.ip,
            createdAt: now,
          })
          .returning();
        if (!row) throw new Error('activation not stored');
        const [named] = await withProductNames(tx, [activationOf(row)], requester.locale);
        if (!named) throw new Error('activation not named');
        return named;
      });
    } catch (error) {
      if (trial && uniqueViolation(error) === 'activations_trial_machine_idx')
        throw new AppError('TRIAL_ALREADY_ISSUED');
      throw error;
    }
  }
}
