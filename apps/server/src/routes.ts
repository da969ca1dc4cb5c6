import type { FastifyInstance } from 'fastify';
import { type Config, publicUrlOf } from './config';
import { accessRoutes } from './modules/access/access.routes';
import { menusAdminRoutes } from './modules/access-admin/menus-admin.routes';
import { rolesAdminRoutes } from './modules/access-admin/roles-admin.routes';
import { accountRoutes } from './modules/account/account.routes';
import { activationRoutes, licenceKeyRoutes } from './modules/activation/activation.routes';
import { advisoryRoutes } from './modules/advisories/advisory.routes';
import { advisoryStaffRoutes } from './modules/advisories/advisory-staff.routes';
import { csafRoutes, securityTxtRoutes } from './modules/advisories/csaf.routes';
import { csafTicketRoutes } from './modules/advisories/csaf-ticket.routes';
import { installedBaseRoutes, inventoryRoutes } from './modules/fleet/inventory.routes';
import { staffFleetRoutes } from './modules/fleet/staff-fleet.routes';
import { art14Routes } from './modules/psirt/art14.routes';
import { supportPeriodRoutes } from './modules/psirt/support-period.routes';
import {
  vulnerabilityReportPublicRoutes,
  vulnerabilityReportStaffRoutes,
} from './modules/psirt/vulnerability-report.routes';
import { softwareIdRoutes } from './modules/fleet/software-id.routes';
import { complianceContextRoutes } from './modules/fleet/compliance-context.routes';
import { entitlementAdminRoutes } from './modules/activation/entitlement-admin.routes';
import { apiTokenRoutes } from './modules/api-tokens/api-token.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { captchaRoutes } from './modules/captcha/captcha.routes';
import { catalogRoutes, publicCatalogRoutes } from './modules/catalog/catalog.routes';
import { pcieRoutes } from './modules/catalog/pcie.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { deviceApprovalRoutes, deviceClientRoutes } from './modules/device-auth/device-auth.routes';
import { dictAdminRoutes } from './modules/dict/dict-admin.routes';
import { dictRoutes } from './modules/dict/dict.routes';
import {
  downloadRecordRoutes,
  downloadRoutes,
  downloadTicketRoutes,
} from './modules/downloads/downloads.routes';
import { feedRoutes, feedTokenRoutes } from './modules/feeds/feed.routes';
import { fileRoutes } from './modules/files/file.routes';
import { fleetRoutes } from './modules/fleet/fleet-resolve.routes';
import { noticeRoutes } from './modules/notice/notice.routes';
import { profileRoutes } from './modules/profile/profile.routes';
import { editorImageRoutes } from './modules/publishing/editor-image.routes';
import { publishingRoutes } from './modules/publishing/publishing.routes';
import { sbomDownloadRoutes, sbomSearchRoutes } from './modules/sbom/sbom.routes';
import { recoveryRoutes } from './modules/recovery/recovery.routes';
import { registrationRoutes } from './modules/registration/registration.routes';
import { releaseNoteAdminRoutes } from './modules/release-note/release-note-admin.routes';
import { releaseNoteRoutes } from './modules/release-note/release-note.routes';
import { serialRoutes } from './modules/serials/serial.routes';
import { outboxRoutes } from './modules/sms/outbox.routes';
import { systemRoutes } from './modules/system/system.routes';
import { taskRoutes } from './modules/tasks/tasks.routes';
import { usersAdminRoutes } from './modules/users-admin/users-admin.routes';
import { staffWebhookRoutes, webhookRoutes } from './modules/webhooks/webhook.routes';

/** Registers one route plugin (with its options) on the app. */
export type RouteModule = (app: FastifyInstance) => PromiseLike<unknown>;

/**
 * Every feature's routes, by area. buildApp registers them after the cross-cutting plugins;
 * their order among themselves does not matter (see app.ts). A new module adds its line here.
 */
export function featureRoutes(config: Config): RouteModule[] {
  return [
    // Operations: health, readiness.
    (app) => app.register(systemRoutes, config),
    // Signing in and out, access tokens, what the console shows a user.
    (app) => app.register(captchaRoutes),
    (app) => app.register(authRoutes, config),
    (app) => app.register(deviceClientRoutes),
    (app) => app.register(deviceApprovalRoutes),
    (app) => app.register(accessRoutes),
    (app) => app.register(dictRoutes),
    (app) => app.register(noticeRoutes),
    (app) => app.register(releaseNoteRoutes),
    // The user's own account.
    (app) => app.register(accountRoutes),
    (app) => app.register(registrationRoutes, config),
    (app) => app.register(recoveryRoutes, config),
    (app) => app.register(serialRoutes),
    (app) => app.register(profileRoutes),
    (app) => app.register(fileRoutes),
    (app) => app.register(apiTokenRoutes),
    (app) => app.register(feedTokenRoutes),
    (app) => app.register(webhookRoutes),
    (app) => app.register(staffWebhookRoutes),
    // The catalogue, downloads, tasks, licences and fleet automation.
    (app) => app.register(publicCatalogRoutes),
    (app) => app.register(catalogRoutes),
    (app) => app.register(pcieRoutes),
    (app) => app.register(downloadRoutes, config),
    (app) => app.register(sbomDownloadRoutes),
    (app) => app.register(downloadRecordRoutes),
    (app) => app.register(downloadTicketRoutes),
    (app) => app.register(taskRoutes),
    (app) => app.register(licenceKeyRoutes),
    (app) => app.register(activationRoutes),
    (app) => app.register(fleetRoutes),
    (app) => app.register(inventoryRoutes),
    (app) => app.register(softwareIdRoutes),
    (app) => app.register(complianceContextRoutes),
    (app) => app.register(feedRoutes),
    // Security advisories and the CSAF distribution (issue 33).
    (app) => app.register(advisoryRoutes),
    (app) => app.register(csafRoutes),
    (app) => app.register(csafTicketRoutes),
    (app) =>
      app.register(securityTxtRoutes, { contact: config.PSIRT_CONTACT, publicUrl: publicUrlOf(config) }),
    (app) => app.register(vulnerabilityReportPublicRoutes, config),
    // Staff: the system application and publishing.
    (app) => app.register(outboxRoutes),
    (app) => app.register(auditRoutes),
    (app) => app.register(dashboardRoutes),
    (app) => app.register(usersAdminRoutes),
    (app) => app.register(rolesAdminRoutes),
    (app) => app.register(menusAdminRoutes),
    (app) => app.register(dictAdminRoutes),
    (app) => app.register(entitlementAdminRoutes),
    (app) => app.register(publishingRoutes, config),
    (app) => app.register(editorImageRoutes),
    (app) => app.register(releaseNoteAdminRoutes),
    (app) => app.register(advisoryStaffRoutes),
    (app) => app.register(installedBaseRoutes),
    (app) => app.register(staffFleetRoutes),
    (app) => app.register(sbomSearchRoutes),
    (app) => app.register(art14Routes),
    (app) => app.register(supportPeriodRoutes),
    (app) => app.register(vulnerabilityReportStaffRoutes, config),
  ];
}
