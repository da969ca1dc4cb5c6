import type { FastifyInstance } from 'fastify';
import { type Config, publicUrlOf } from './config';
import { named } from './lib/named-plugin';
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
    (app) => app.register(named(systemRoutes), config),
    // Signing in and out, access tokens, what the console shows a user.
    (app) => app.register(named(captchaRoutes)),
    (app) => app.register(named(authRoutes), config),
    (app) => app.register(named(deviceClientRoutes)),
    (app) => app.register(named(deviceApprovalRoutes)),
    (app) => app.register(named(accessRoutes)),
    (app) => app.register(named(dictRoutes)),
    (app) => app.register(named(noticeRoutes)),
    (app) => app.register(named(releaseNoteRoutes)),
    // The user's own account.
    (app) => app.register(named(accountRoutes)),
    (app) => app.register(named(registrationRoutes), config),
    (app) => app.register(named(recoveryRoutes), config),
    (app) => app.register(named(serialRoutes)),
    (app) => app.register(named(profileRoutes)),
    (app) => app.register(named(fileRoutes)),
    (app) => app.register(named(apiTokenRoutes)),
    (app) => app.register(named(feedTokenRoutes)),
    (app) => app.register(named(webhookRoutes)),
    (app) => app.register(named(staffWebhookRoutes)),
    // The catalogue, downloads, tasks, licences and fleet automation.
    (app) => app.register(named(publicCatalogRoutes)),
    (app) => app.register(named(catalogRoutes)),
    (app) => app.register(named(pcieRoutes)),
    (app) => app.register(named(downloadRoutes), config),
    (app) => app.register(named(sbomDownloadRoutes)),
    (app) => app.register(named(downloadRecordRoutes)),
    (app) => app.register(named(downloadTicketRoutes)),
    (app) => app.register(named(taskRoutes)),
    (app) => app.register(named(licenceKeyRoutes)),
    (app) => app.register(named(activationRoutes)),
    (app) => app.register(named(fleetRoutes)),
    (app) => app.register(named(inventoryRoutes)),
    (app) => app.register(named(softwareIdRoutes)),
    (app) => app.register(named(complianceContextRoutes)),
    (app) => app.register(named(feedRoutes)),
    // Security advisories and the CSAF distribution (issue 33).
    (app) => app.register(named(advisoryRoutes)),
    (app) => app.register(named(csafRoutes)),
    (app) => app.register(named(csafTicketRoutes)),
    (app) =>
      app.register(named(securityTxtRoutes), {
        contact: config.PSIRT_CONTACT,
        publicUrl: publicUrlOf(config),
      }),
    (app) => app.register(named(vulnerabilityReportPublicRoutes), config),
    // Staff: the system application and publishing.
    (app) => app.register(named(outboxRoutes)),
    (app) => app.register(named(auditRoutes)),
    (app) => app.register(named(dashboardRoutes)),
    (app) => app.register(named(usersAdminRoutes)),
    (app) => app.register(named(rolesAdminRoutes)),
    (app) => app.register(named(menusAdminRoutes)),
    (app) => app.register(named(dictAdminRoutes)),
    (app) => app.register(named(entitlementAdminRoutes)),
    (app) => app.register(named(publishingRoutes), config),
    (app) => app.register(named(editorImageRoutes)),
    (app) => app.register(named(releaseNoteAdminRoutes)),
    (app) => app.register(named(advisoryStaffRoutes)),
    (app) => app.register(named(installedBaseRoutes)),
    (app) => app.register(named(staffFleetRoutes)),
    (app) => app.register(named(sbomSearchRoutes)),
    (app) => app.register(named(art14Routes)),
    (app) => app.register(named(supportPeriodRoutes)),
    (app) => app.register(named(vulnerabilityReportStaffRoutes), config),
  ];
}
