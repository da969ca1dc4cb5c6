import {
  ACCOUNT_MAX_LENGTH,
  ACCOUNT_PATTERN,
  type ApiToken,
  type StaffWebhook,
  type StaffWebhookDelivery,
  type Webhook,
  type WebhookDelivery,
  type AssignOrganisation,
  type Organisation,
  type Locale,
  meetsPasswordRule,
  type Page,
  type UserAdminCreate,
  userAdminCreateSchema,
  type UserAdminDetail,
  type UserAdminEdit,
  userAdminEditSchema,
  type UserAdminQuery,
  userAdminQuerySchema,
  type UserAdminRow,
} from '@portal/contract';
import { and, asc, desc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import {
  organisations,
  rolePermissions,
  roles,
  sessions,
  userRoles,
  users,
  userSerials,
} from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { uniqueViolation } from '../../lib/pg-errors';
import type { AccessService } from '../access/access.service';
import type { AccountHistoryService } from '../account/account-history.service';
import type { ApiTokenService } from '../api-tokens/api-token.service';
import type { AuditActor, AuditService } from '../audit/audit.service';
import { hashPassword } from '../auth/password';
import type { SessionService } from '../auth/session.service';
import type { DownloadService } from '../downloads/download.service';
import type { RecoveryService } from '../recovery/recovery.service';
import { normaliseCompany, type SerialService } from '../serials/serial.service';
import type { WebhookService } from '../webhooks/webhook.service';
import { UsersAdminRepository } from './users-admin.repository';

type Staff = AuditActor & { userId: number };
const DETAIL_ROWS = 20;

/**
 * Staff run user accounts: every change is permission-checked by the route, checked against
 * privilege escalation here (only a super admin touches super admins or grants adminType '1';
 * others grant only roles whose permissions they hold themselves) and audited in its transaction.
 */
export class UsersAdminService {
  private readonly repo: UsersAdminRepository;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly deps: {
      access: AccessService;
      audit: AuditService;
      sessions: SessionService;
      recovery: RecoveryService;
      serials: SerialService;
      history: AccountHistoryService;
      downloads: DownloadService;
      apiTokens: ApiTokenService;
      webhooks: WebhookService;
    },
  ) {
    this.repo = new UsersAdminRepository(db);
  }

  page(query: UserAdminQuery, locale: Locale): Promise<Page<UserAdminRow>> {
    const { pageNo, pageSize, ...filters } = userAdminQuerySchema.parse(query);
    return this.repo.page(filters, pageNo, pageSize, this.clock.now(), locale === 'zh-CN');
  }

  async detail(id: number, locale: Locale): Promise<UserAdminDetail> {
    const user = await this.row(id, locale);
    const now = this.clock.now();
    const page = { pageNo: 1, pageSize: DETAIL_ROWS };
    const [open, logins, downloads, serials] = await Promise.all([
      this.db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, id), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
        .orderBy(desc(sessions.createdAt)),
      this.deps.history.loginRecords(id, page, locale),
      this.deps.downloads.records(id, page, locale),
      this.deps.serials.verification(id, locale, true),
    ]);
    return {
      user,
      sessions: open.map((session) => ({
        id: session.id,
        ip: session.ip,
        userAgent: session.userAgent,
        createTime: session.createdAt.toISOString(),
        expiresTime: session.expiresAt.toISOString(),
      })),
      logins: logins.rows,
      downloads: downloads.rows,
      serials,
    };
  }

  async create(staff: Staff, input: UserAdminCreate, locale: Locale): Promise<UserAdminRow> {
    const data = userAdminCreateSchema.parse(input);
    if (!ACCOUNT_PATTERN.test(data.account))
      throw new AppError('ACCOUNT_NAMING', { params: { min: 1, max: ACCOUNT_MAX_LENGTH } });
    if (!meetsPasswordRule(data.password)) throw new AppError('PASSWORD_WEAK');
    await this.checkAdminType(staff, data.adminType);
    const roleIds = await this.grantableRoles(staff, data.roleCodes);
    const passwordHash = await hashPassword(data.password);
    const id = await this.unique(() =>
      this.db.transaction(async (tx) => {
        const [user] = await tx
          .insert(users)
          .values({ ...this.profile(data), account: data.account, passwordHash, sourceType: '00' })
          .returning({ id: users.id });
        if (!user) throw new Error('user not stored');
        if (roleIds.length > 0)
          await tx.insert(userRoles).values(roleIds.map((roleId) => ({ userId: user.id, roleId })));
        await this.deps.audit.record(
          staff,
          'user.create',
          { type: 'user', id: user.id },
          { account: data.account, roles: data.roleCodes, adminType: data.adminType },
          tx,
        );
        return user.id;
      }),
    );
    return this.row(id, locale);
  }

  async update(staff: Staff, id: number, input: UserAdminEdit, locale: Locale): Promise<UserAdminRow> {
    const data = userAdminEditSchema.parse(input);
    const target = await this.target(staff, id);
    if (target.adminType !== data.adminType) {
      await this.checkAdminType(staff, '1');
      if (target.id === staff.userId) throw new AppError('USER_SELF_ACTION');
    }
    await this.unique(() =>
      this.db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ ...this.profile(data), updatedAt: this.clock.now() })
          .where(eq(users.id, id));
        await this.deps.audit.record(staff, 'user.update', { type: 'user', id }, { ...data }, tx);
      }),
    );
    return this.row(id, locale);
  }

  /** A frozen user is signed out everywhere and gets "account frozen" at the next sign-in. */
  async setFrozen(staff: Staff, id: number, frozen: boolean, locale: Locale): Promise<UserAdminRow> {
    const target = await this.target(staff, id);
    if (target.id === staff.userId) throw new AppError('USER_SELF_ACTION');
    await this.db.transaction(async (tx) => {
      await tx.update(users).set({ frozen, updatedAt: this.clock.now() }).where(eq(users.id, id));
      await this.deps.audit.record(
        staff,
        frozen ? 'user.freeze' : 'user.unfreeze',
        { type: 'user', id },
        { account: target.account },
        tx,
      );
    });
    if (frozen) await this.deps.sessions.revokeAllForUser(id);
    return this.row(id, locale);
  }

  async unlock(staff: Staff, id: number, locale: Locale): Promise<UserAdminRow> {
    const target = await this.target(staff, id);
    await this.db.transaction(async (tx) => {
      await tx.update(users).set({ lockedUntil: null, failedLoginCount: 0 }).where(eq(users.id, id));
      await this.deps.audit.record(
        staff,
        'user.unlock',
        { type: 'user', id },
        { account: target.account },
        tx,
      );
    });
    return this.row(id, locale);
  }

  /** Mails the user a reset link (the recovery flow); staff never see or set the password. */
  async resetPassword(staff: Staff, id: number, locale: Locale): Promise<void> {
    const target = await this.target(staff, id);
    if (!target.email) throw new AppError('NO_EMAIL_BOUND');
    if (target.frozen) throw new AppError('ACCOUNT_FROZEN');
    // The mail goes out in the user's stored language; the staff member's only stands in for none.
    await this.deps.recovery.request(target.account, locale);
    await this.deps.audit.record(
      staff,
      'user.resetPassword',
      { type: 'user', id },
      { account: target.account },
    );
  }

  async grantRoles(staff: Staff, id: number, roleCodes: string[], locale: Locale): Promise<UserAdminRow> {
    const target = await this.target(staff, id);
    const roleIds = await this.grantableRoles(staff, roleCodes);
    // Roles the staff member could not grant stay as they are: they may not take them away either.
    const current = await this.db
      .select({ roleId: userRoles.roleId })
      .from(userRoles)
      .where(eq(userRoles.userId, id));
    const kept = await this.ungrantable(
      staff,
      current.map((row) => row.roleId),
    );
    await this.db.transaction(async (tx) => {
      await tx.delete(userRoles).where(eq(userRoles.userId, id));
      const all = [...new Set([...roleIds, ...kept])];
      if (all.length > 0) await tx.insert(userRoles).values(all.map((roleId) => ({ userId: id, roleId })));
      await this.deps.audit.record(
        staff,
        'user.grantRoles',
        { type: 'user', id },
        { account: target.account, roles: roleCodes },
        tx,
      );
    });
    return this.row(id, locale);
  }

  /** Every customer organisation, by name (the assignment form's options). */
  async organisations(): Promise<Organisation[]> {
    return this.db
      .select({ id: organisations.id, name: organisations.name })
      .from(organisations)
      .orderBy(asc(organisations.name));
  }

  /**
   * Assigns the user to an organisation (by id, or found/created by name: how staff approve the
   * company a customer typed), or to none. This is what makes restricted firmware, SNs and
   * entitlements of that organisation theirs; audited with the before and after.
   */
  async assignOrganisation(staff: Staff, id: number, input: AssignOrganisation, locale: Locale) {
    const target = await this.target(staff, id);
    await this.db.transaction(async (transaction) => {
      const tx: Db = transaction;
      let organisationId: number | null;
      if ('name' in input) {
        const normalisedName = normaliseCompany(input.name);
        if (normalisedName === '')
          throw AppError.invalidFields([{ field: 'name', messageKey: 'FIELD_REQUIRED' }]);
        await tx.insert(organisations).values({ name: input.name, normalisedName }).onConflictDoNothing();
        const [found] = await tx
          .select({ id: organisations.id })
          .from(organisations)
          .where(eq(organisations.normalisedName, normalisedName));
        organisationId = found?.id ?? null;
      } else {
        organisationId = input.organisationId;
        if (organisationId !== null) {
          const [found] = await tx
            .select({ id: organisations.id })
            .from(organisations)
            .where(eq(organisations.id, organisationId));
          if (!found) throw new AppError('ORGANISATION_UNKNOWN');
        }
      }
      await tx.update(users).set({ organisationId, updatedAt: this.clock.now() }).where(eq(users.id, id));
      await this.deps.audit.record(
        staff,
        'user.assignOrganisation',
        { type: 'user', id },
        { account: target.account, company: target.company, from: target.organisationId, to: organisationId },
        tx,
      );
    });
    return this.row(id, locale);
  }

  /** Support binds a customer's servers; with `verify` they are confirmed at once. */
  async bindSerials(staff: Staff, id: number, serials: string[], verify: boolean, locale: Locale) {
    await this.target(staff, id);
    const valid = await this.deps.serials.validate(serials);
    await this.db.transaction(async (tx) => {
      const t: Db = tx;
      await this.deps.serials.bindValidated(t, id, valid);
      if (verify)
        await t
          .update(userSerials)
          .set({ state: 'verified', verifiedAt: this.clock.now() })
          .where(and(eq(userSerials.userId, id), inArray(userSerials.sn, valid)));
      await this.deps.audit.record(
        staff,
        'user.bindSerials',
        { type: 'user', id },
        { serials: valid, verify },
        tx,
      );
    });
    return this.deps.serials.verification(id, locale, true);
  }

  async unbindSerial(staff: Staff, id: number, sn: string, locale: Locale) {
    await this.target(staff, id);
    const result = await this.deps.serials.unbind(id, sn, locale);
    await this.deps.audit.record(
      staff,
      'user.unbindSerial',
      { type: 'user', id },
      { sn: sn.trim().toUpperCase() },
    );
    return result;
  }

  private profile(data: ReturnType<typeof userAdminEditSchema.parse>) {
    const { nickName, name, email, phone, company, industry, adminType } = data;
    return { nickName, name, email, phone, company, industry, adminType };
  }

  /** A user's personal access tokens (never their secrets); a super admin's only for super admins. */
  async apiTokens(staff: Staff, id: number): Promise<ApiToken[]> {
    await this.target(staff, id);
    return this.deps.apiTokens.list(id);
  }

  /** Revokes a user's token (support ending a leaked one); audited. */
  async revokeApiToken(staff: Staff, id: number, tokenId: number): Promise<ApiToken> {
    await this.target(staff, id);
    return this.db.transaction(async (tx) => {
      const token = await this.deps.apiTokens.revoke(id, tokenId, 'staff', tx);
      const detail = { tokenId, name: token.name, prefix: token.prefix };
      await this.deps.audit.record(staff, 'user.revokeApiToken', { type: 'user', id }, detail, tx);
      return token;
    });
  }

  /** A user's webhooks as support sees them: where they post by origin only, never the path or secret. */
  async webhooks(staff: Staff, id: number): Promise<StaffWebhook[]> {
    await this.target(staff, id);
    return (await this.deps.webhooks.list(id)).map(staffViewOf);
  }

  /**
   * The delivery log of a user's webhook, newest first, as support sees it: no bodies, and a
   * refused address by its origin only (see staffDeliveryOf).
   */
  async webhookDeliveries(
    staff: Staff,
    id: number,
    webhookId: number,
    page: { pageNo: number; pageSize: number },
  ): Promise<Page<StaffWebhookDelivery>> {
    await this.target(staff, id);
    const log = await this.deps.webhooks.deliveries(id, webhookId, page);
    return { ...log, rows: log.rows.map(staffDeliveryOf) };
  }

  /** Switches a user's webhook off (support stopping one that floods a receiver); audited. */
  async disableWebhook(staff: Staff, id: number, webhookId: number): Promise<StaffWebhook> {
    await this.target(staff, id);
    return this.db.transaction(async (tx) => {
      const webhook = await this.deps.webhooks.update(id, webhookId, { active: false }, tx);
      const view = staffViewOf(webhook);
      const detail = { webhookId, origin: view.origin };
      await this.deps.audit.record(staff, 'user.disableWebhook', { type: 'user', id }, detail, tx);
      return view;
    });
  }

  private async row(id: number, locale: Locale): Promise<UserAdminRow> {
    const row = await this.repo.one(id, this.clock.now(), locale === 'zh-CN');
    if (!row) throw new AppError('USER_UNKNOWN');
    return row;
  }

  /** The user to change; a super admin can only be changed by another super admin. */
  private async target(staff: Staff, id: number) {
    const [target] = await this.db.select().from(users).where(eq(users.id, id)).limit(1);
    if (!target) throw new AppError('USER_UNKNOWN');
    if (target.adminType === '1') await this.checkAdminType(staff, '1');
    return target;
  }

  private async checkAdminType(staff: Staff, adminType: '1' | '2') {
    if (adminType !== '1') return;
    const [me] = await this.db
      .select({ adminType: users.adminType })
      .from(users)
      .where(eq(users.id, staff.userId));
    if (me?.adminType !== '1') throw new AppError('NO_PERMISSION_OPERATION');
  }

  /** Role ids for `codes`; refuses unknown roles and roles granting what the staff member lacks. */
  private async grantableRoles(staff: Staff, codes: string[]): Promise<number[]> {
    const wanted = [...new Set(codes)];
    if (wanted.length === 0) return [];
    const found = await this.db.select().from(roles).where(inArray(roles.code, wanted));
    const unknown = wanted.find((code) => !found.some((role) => role.code === code));
    if (unknown !== undefined) throw new AppError('ROLE_UNKNOWN', { params: { code: unknown } });
    const ids = found.map((role) => role.id);
    if ((await this.ungrantable(staff, ids)).length > 0) throw new AppError('NO_PERMISSION_OPERATION');
    return ids;
  }

  /** Of `roleIds`, those carrying a permission the staff member does not hold (none for a super admin). */
  private async ungrantable(staff: Staff, roleIds: number[]): Promise<number[]> {
    if (roleIds.length === 0) return [];
    const mine = new Set(await this.deps.access.permissionsOf(staff.userId));
    const granted = await this.db
      .select({ roleId: rolePermissions.roleId, code: rolePermissions.permissionCode })
      .from(rolePermissions)
      .where(inArray(rolePermissions.roleId, roleIds));
    return [...new Set(granted.filter((row) => !mine.has(row.code)).map((row) => row.roleId))];
  }

  private async unique<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      const constraint = uniqueViolation(error);
      if (constraint === 'users_email_lower_idx') throw new AppError('EMAIL_REGISTERED');
      if (constraint) throw new AppError('ACCOUNT_EXISTS');
      throw error;
    }
  }
}

/** A webhook without the path and query of its URL, which often carry the receiver's secret. */
function staffViewOf({ url, ...webhook }: Webhook): StaffWebhook {
  return { ...webhook, origin: new URL(url).origin };
}

/**
 * A delivery without its body; a refusal's detail (the whole address the portal would not post
 * to) cut to its origin, as the path and query of a receiver's URL are often its secret.
 */
function staffDeliveryOf({ payload: _body, ...delivery }: WebhookDelivery): StaffWebhookDelivery {
  const { lastError } = delivery;
  if (lastError?.kind !== 'refused') return delivery;
  return { ...delivery, lastError: { kind: 'refused', detail: originOf(lastError.detail) } };
}

/** The origin of an address, or nothing when it is not one (then no part of it is shown). */
function originOf(address: string): string {
  try {
    return new URL(address).origin;
  } catch {
    return '';
  }
}
