import path from 'node:path';
import { RELEASE_PUBLIC_KEY_FILE } from '@portal/contract/cli-builds';
import { CLI_BINARIES_DIR } from './lib/server-root';
import { DEVICE_POLL_INTERVAL_SECONDS } from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import { type Config, publicUrlOf } from './config';
import type { FileStore } from './lib/file-store/file-store';
import type { Database } from './db/connection';
import type { Clock } from './lib/clock';
import { RateCounters } from './lib/rate-limit/counters';
import { ApiQuota } from './modules/api-tokens/api-quota';
import { ApiTokenService } from './modules/api-tokens/api-token.service';
import { FeedService } from './modules/feeds/feed.service';
import { FeedTokenService } from './modules/feeds/feed-token.service';
import { createWebhookServices, type WebhookServices } from './modules/webhooks/webhook-services';
import { AccountCodeMailer } from './modules/account/account-code-mailer';
import { AccountHistoryService } from './modules/account/account-history.service';
import { PasswordChangeService } from './modules/account/password-change.service';
import { VerifyCodeService } from './modules/account/verify-code.service';
import { ActivationService } from './modules/activation/activation.service';
import { EntitlementAdminService } from './modules/activation/entitlement-admin.service';
import { AuditService } from './modules/audit/audit.service';
import { DashboardService } from './modules/dashboard/dashboard.service';
import { DeviceAuthService } from './modules/device-auth/device-auth.service';
import { createBoss } from './lib/jobs/boss';
import { JobQueue } from './lib/jobs/job-queue';
import { PortalMetrics } from './lib/metrics/portal-metrics';
import { Housekeeping } from './lib/jobs/housekeeping';
import { pgliteVacuumRounds } from './db/pglite-vacuum';
import { NoticeFanout } from './modules/notice/notice-fanout';
import { type AdvisoryServices, createAdvisoryServices } from './modules/advisories/advisory-services';
import { createFleetServices, type FleetServices, pruneReportHistory } from './modules/fleet/fleet-services';
import type { InventoryParse } from './modules/fleet/upload-parser';
import { Notifier } from './modules/notice/notifier';
import { createTaskServices, removeStaleScratch, type TaskServices } from './modules/tasks/task-services';
import { UsersAdminService } from './modules/users-admin/users-admin.service';
import { MenusAdminService } from './modules/access-admin/menus-admin.service';
import { RolesAdminService } from './modules/access-admin/roles-admin.service';
import { DictAdminService } from './modules/dict/dict-admin.service';
import { AccessService } from './modules/access/access.service';
import { type CatalogServices, createCatalogServices } from './modules/catalog/catalog-services';
import { createDownloadServices, type DownloadServices } from './modules/downloads/download-services';
import { type SbomCheck, SbomService } from './modules/sbom/sbom.service';
import { checkSbomOffThread } from './modules/sbom/sbom-parser';
import { type Ed25519Signer, loadOrCreateSigner } from './lib/signing/ed25519-signer';
import { LoginLock } from './modules/auth/login-lock';
import { LoginService } from './modules/auth/login.service';
import { SessionService } from './modules/auth/session.service';
import { CaptchaService, type CaptchaTextSource } from './modules/captcha/captcha.service';
import { FileService } from './modules/files/file.service';
import { OrphanSweep } from './modules/files/orphan-sweep.service';
import { createMailServices, type MailServices } from './modules/mail/mail-services';
import { NoticeService } from './modules/notice/notice.service';
import { ProfileService } from './modules/profile/profile.service';
import { EditorImageService } from './modules/publishing/editor-image.service';
import { PublishItemService } from './modules/publishing/item.service';
import { PublishVersionService } from './modules/publishing/version.service';
import { ReleaseNoteAdminService } from './modules/release-note/release-note-admin.service';
import { RecoveryService } from './modules/recovery/recovery.service';
import { RegistrationService } from './modules/registration/registration.service';
import { SerialService } from './modules/serials/serial.service';
import { createSmsGateway } from './modules/sms/sms-gateway';
import { OutboxService } from './modules/sms/outbox.service';
import { SmsService } from './modules/sms/sms.service';
import { Art14Service } from './modules/psirt/art14.service';
import { Art14Reminders } from './modules/psirt/art14-reminders';

export type Services = {
  database: Database;
  clock: Clock;
  sessions: SessionService;
  login: LoginService;
  captcha: CaptchaService;
  access: AccessService;
  notices: NoticeService;
  passwordChange: PasswordChangeService;
  accountHistory: AccountHistoryService;
  sms: SmsService;
  outbox: OutboxService;
  serials: SerialService;
  registration: RegistrationService;
  recovery: RecoveryService;
  profile: ProfileService;
  files: FileService;
  /** Where uploaded and published files live (local folder or object storage). */
  store: FileStore;
  /** Removes stored files no row references; started by buildApp when TASK_WORKERS > 0. */
  orphanSweep: OrphanSweep;
  publishItems: PublishItemService;
  publishVersions: PublishVersionService;
  editorImages: EditorImageService;
  releaseNoteAdmin: ReleaseNoteAdminService;
  accountCodes: AccountCodeMailer;
  audit: AuditService;
  usersAdmin: UsersAdminService;
  rolesAdmin: RolesAdminService;
  menusAdmin: MenusAdminService;
  dictAdmin: DictAdminService;
  dashboard: DashboardService;
  activation: ActivationService;
  entitlementAdmin: EntitlementAdminService;
  /** Rate-limit counters in the database, shared by every portal process. */
  rateCounters: RateCounters;
  /** SBOMs of versions (issue 43): attach, serve, search by component. */
  sboms: SbomService;
  /** Background jobs (pg-boss): started by buildApp; works when TASK_WORKERS > 0 (tests call runUntilIdle). */
  jobs: JobQueue;
  housekeeping: Housekeeping;
  /** What autovacuum does, for an embedded PGlite; null on PostgreSQL (`db/pglite-vacuum.ts`). */
  pgliteVacuum: Housekeeping | null;
  /** Prometheus metrics of this process (served by /api/metrics when METRICS_TOKEN is set). */
  metrics: PortalMetrics;
  /** Personal access tokens and their quotas (issue 20). */
  apiTokens: ApiTokenService;
  deviceAuth: DeviceAuthService;
  apiQuota: ApiQuota;
  /** Atom feeds of releases and recalls, and the private feed tokens (issue 20). */
  feeds: FeedService;
  feedTokens: FeedTokenService;
  /** CRA Art. 14 reporting cases and their reminder mails (issue 43 §3). */
  art14: Art14Service;
  art14Reminders: Art14Reminders;
} & CatalogServices &
  DownloadServices &
  AdvisoryServices &
  FleetServices &
  TaskServices &
  WebhookServices &
  MailServices;

/**
 * How uploaded files are checked, each in a worker thread of its own in the portal (so that no
 * file holds the event loop). Test seam: a test whose subject is not the thread may check in-thread.
 */
export type FileChecks = { sbom?: SbomCheck; inventory?: InventoryParse };

/** Wires the services once per app; routes reach them through `app.services`. */
export function createServices(
  config: Pick<
    Config,
    | 'TOKEN_TTL_HOURS'
    | 'DOWNLOAD_TICKET_TTL_SECONDS'
    | 'SMTP_URL'
    | 'MAIL_FROM'
    | 'SMS_DRIVER'
    | 'PUBLIC_URL'
    | 'PORT'
    | 'PUBLISH_MAX_BYTES'
    | 'CLI_RELEASE_PUBLIC_KEY_FILE'
    | 'DATA_DIR'
    | 'LICENCE_KEY_FILE'
    | 'SIGNING_KEY_FILE'
    | 'TASK_WORKERS'
    | 'TASK_TIMEOUT_SECONDS'
    | 'TASK_RETRY_DELAY_SECONDS'
    | 'JOB_HEARTBEAT_SECONDS'
    | 'JOB_SUPERVISE_SECONDS'
    | 'JOB_RETENTION_DAYS'
    | 'TASK_RESULT_TTL_HOURS'
    | 'FILE_SWEEP_GRACE_HOURS'
    | 'XORRISO_PATH'
    | 'API_TOKEN_REQUESTS_PER_MINUTE'
    | 'API_ACCOUNT_REQUESTS_PER_MINUTE'
    | 'API_ACCOUNT_BYTES_PER_DAY'
    | 'WEBHOOK_ALLOW_PRIVATE'
    | 'WEBHOOK_WORKERS'
    | 'WEBHOOK_DNS_SERVERS'
    | 'WEBHOOK_LOG_RETENTION_DAYS'
    | 'INVENTORY_HISTORY_DAYS'
    | 'INVENTORY_REPORT_BUDGET_PER_DAY'
    | 'CSAF_SIGNING_KEY_FILE'
    | 'ADVISORY_ID_PREFIX'
    | 'CSAF_PUBLISHER_NAME'
    | 'PSIRT_CONTACT'
  >,
  database: Database,
  clock: Clock,
  log: FastifyBaseLogger,
  store: FileStore,
  captchaText?: CaptchaTextSource,
  deviceAuthPollSeconds = DEVICE_POLL_INTERVAL_SECONDS,
  fileChecks: FileChecks = {},
): Services {
  const { db } = database;
  const sessions = new SessionService(db, clock, config.TOKEN_TTL_HOURS * 3_600_000);
  const { mail, mailRetry } = createMailServices(config, { db, clock, log });
  const codes = new VerifyCodeService(db, clock);
  const rateCounters = new RateCounters(db, clock);
  const sms = new SmsService(db, clock, log, createSmsGateway(config.SMS_DRIVER, log));
  const serials = new SerialService(db, clock);
  const publicUrl = publicUrlOf(config);
  const catalogServices = createCatalogServices({ db, store });
  const { catalog, catalogAccess } = catalogServices;
  const accountCodes = new AccountCodeMailer(db, codes, mail);
  let licenceKey: Promise<Ed25519Signer> | undefined;
  // Loaded (or created) on first use, so a portal that never issues a code never writes a key.
  const loadLicenceKey = () =>
    (licenceKey ??= loadOrCreateSigner(
      config.LICENCE_KEY_FILE ?? path.join(config.DATA_DIR, 'keys', 'licence-ed25519.pem'),
    ));
  const sboms = new SbomService(db, clock, store, catalog, log, fileChecks.sbom ?? checkSbomOffThread);
  const accountHistory = new AccountHistoryService(db, clock, sessions);
  const apiTokens = new ApiTokenService(db, clock);
  const access = new AccessService(db);
  const audit = new AuditService(db);
  const recovery = new RecoveryService(db, clock, log, mail, sessions, publicUrl, audit);
  // The queue's depth is read when metrics are scraped, long after `jobs` below exists.
  const metrics = new PortalMetrics({
    database,
    queueDepth: () => jobs.depth(),
    mailBacklog: () => mail.backlog(),
  });
  const downloadServices = createDownloadServices(config, {
    db,
    clock,
    log,
    store,
    catalog,
    catalogAccess,
    publicUrl,
    onOutcome: (outcome) => metrics.download(outcome.status, outcome.bytes),
  });
  const { downloads } = downloadServices;
  const jobs = new JobQueue(
    createBoss(database, { superviseIntervalSeconds: config.JOB_SUPERVISE_SECONDS, poolSize: 3 }),
    db,
    log,
    {
      concurrency: config.TASK_WORKERS,
      retentionSeconds: config.JOB_RETENTION_DAYS * 86_400,
      heartbeatSeconds: config.JOB_HEARTBEAT_SECONDS,
      pollSeconds: 0.5,
    },
  );
  const notifier = new Notifier(clock, mail, log);
  const { tasks } = createTaskServices(config, { db, clock, log, jobs, store, catalogAccess, notifier });
  jobs.register(new NoticeFanout(db, catalogAccess, notifier));
  const publishVersions = new PublishVersionService(
    db,
    clock,
    store,
    log,
    config.PUBLISH_MAX_BYTES,
    jobs,
    config.CLI_RELEASE_PUBLIC_KEY_FILE ?? path.join(CLI_BINARIES_DIR, RELEASE_PUBLIC_KEY_FILE),
  );
  const advisoryServices = createAdvisoryServices(config, {
    db,
    clock,
    jobs,
    notifier,
    publicUrl,
    publishVersion: (id) => publishVersions.publish(id, { byAdvisory: true }),
    access,
    audit,
  });
  const { webhooks } = createWebhookServices(config, {
    db,
    clock,
    log,
    jobs,
    rateCounters,
    catalogAccess,
    mail,
    publicUrl,
  });
  jobs.onOutcome((queue, outcome) => metrics.job(queue, outcome));
  const art14 = new Art14Service(db, clock, {
    publicUrl,
    manufacturer: { name: config.CSAF_PUBLISHER_NAME, contact: config.PSIRT_CONTACT },
  });
  const art14Reminders = new Art14Reminders(db, art14, mail, log, publicUrl);
  // Expired task results, stale ISO scratch folders, old webhook deliveries and old inventory
  // readings, and the Art. 14 reminders, in processes that run jobs.
  const housekeeping = new Housekeeping(log, 10 * 60_000, async () => {
    const reminded = await art14Reminders.run();
    if (reminded > 0) log.info({ reminded }, 'Art. 14 deadline reminders mailed');
    await tasks.removeExpiredResults();
    await removeStaleScratch();
    const pruned = await webhooks.pruneDeliveryLog(config.WEBHOOK_LOG_RETENTION_DAYS);
    if (pruned > 0) log.info({ pruned }, 'old webhook deliveries removed from the delivery log');
    const readings = await pruneReportHistory(db, clock, config.INVENTORY_HISTORY_DAYS);
    if (readings > 0) log.info({ readings }, 'old inventory readings removed from the history');
  });
  const fleetServices = createFleetServices(config, {
    db,
    clock,
    log,
    catalogAccess,
    rateCounters,
    advisoryReader: advisoryServices.advisoryReader,
    inventoryParse: fileChecks.inventory,
  });
  return {
    sms,
    outbox: new OutboxService(db),
    serials,
    registration: new RegistrationService(db, codes, mail, sms, serials, publicUrl),
    recovery,
    profile: new ProfileService(db, codes, mail, sms, publicUrl),
    files: new FileService(db, clock, store, log),
    store,
    orphanSweep: new OrphanSweep(db, clock, store, log, {
      graceMs: config.FILE_SWEEP_GRACE_HOURS * 3_600_000,
    }),
    mail,
    passwordChange: new PasswordChangeService(db, accountCodes, sessions),
    accountHistory,
    database,
    clock,
    sessions,
    login: new LoginService(db, clock, sessions, new LoginLock(db, clock, rateCounters), audit),
    captcha: new CaptchaService(db, clock, captchaText),
    access,
    notices: new NoticeService(db, clock),
    publishItems: new PublishItemService(db),
    publishVersions,
    editorImages: new EditorImageService(db, clock, store, log),
    releaseNoteAdmin: new ReleaseNoteAdminService(db, { audit }),
    accountCodes,
    audit,
    dashboard: new DashboardService(db, clock, () => tasks.backlog()),
    rolesAdmin: new RolesAdminService(db, { access, audit }),
    menusAdmin: new MenusAdminService(db, { audit }),
    dictAdmin: new DictAdminService(db, { audit }),
    usersAdmin: new UsersAdminService(db, clock, {
      access,
      audit,
      sessions,
      recovery,
      serials,
      history: accountHistory,
      downloads,
      apiTokens,
      webhooks,
    }),
    activation: new ActivationService(db, clock, accountCodes, loadLicenceKey),
    entitlementAdmin: new EntitlementAdminService(db),
    rateCounters,
    sboms,
    jobs,
    housekeeping,
    pgliteVacuum: pgliteVacuumRounds(database, log),
    mailRetry,
    tasks,
    metrics,
    apiTokens,
    deviceAuth: new DeviceAuthService(db, clock, apiTokens, rateCounters, publicUrl, {
      pollSeconds: deviceAuthPollSeconds,
    }),
    apiQuota: new ApiQuota(rateCounters, config),
    feeds: new FeedService(db, catalogAccess, publicUrl),
    feedTokens: new FeedTokenService(db, clock, publicUrl),
    webhooks,
    ...catalogServices,
    ...downloadServices,
    ...advisoryServices,
    ...fleetServices,
    art14,
    art14Reminders,
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}
