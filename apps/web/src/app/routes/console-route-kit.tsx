import { lazy, Suspense } from 'react';
import type { MenuComponent } from '@portal/contract';
import { Outlet } from 'react-router';
import { FullPageSpinner } from '@/components/full-page-spinner';
import { lazyWithAntd } from '@/app/lazy-element';
import type { SettingsSectionKey } from '@/features/account/settings-section-page';
import type { AutomationSectionKey } from '@/features/automation/automation-section-page';
import type { MenuRoute } from '@/lib/menu-tree';
import type { PageFactory, RouteKit } from './build-menu-routes';
import { FirstLoadRedirect } from './first-load-redirect';
import { OtherAppRedirect } from './other-app-redirect';

// Each page is its own chunk, loaded when first opened (with antd's providers): the console shell
// stays small and the sign-in page never downloads any of them.
const NotFoundPage = lazyWithAntd(() =>
  import('@/features/errors/not-found-page').then((m) => m.NotFoundPage),
);
const ForbiddenPage = lazyWithAntd(() =>
  import('@/features/errors/forbidden-page').then((m) => m.ForbiddenPage),
);
/** The console home and the welcome page use no antd: they show before antd's code arrives (issue 18). */
const WelcomeRoute = lazy(() => import('./welcome-route').then((m) => ({ default: m.WelcomeRoute })));
const HomeRoute = lazy(() => import('./home-route').then((m) => ({ default: m.HomeRoute })));
const AccountSettingsRoute = lazyWithAntd(() =>
  import('./account-settings-route').then((m) => m.AccountSettingsRoute),
);
const EmbeddedFrame = lazyWithAntd(() => import('./embedded-frame').then((m) => m.EmbeddedFrame));
const RequestedToolPage = lazyWithAntd(() =>
  import('@/features/catalog/pages/requested-tool-page').then((m) => m.RequestedToolPage),
);
const AccountCenterPage = lazyWithAntd(() =>
  import('@/features/account/account-center-page').then((m) => m.AccountCenterPage),
);
const SettingsSectionPage = lazyWithAntd(() =>
  import('@/features/account/settings-section-page').then((m) => m.SettingsSectionPage),
);
const AutomationSectionPage = lazyWithAntd(() =>
  import('@/features/automation/automation-section-page').then((m) => m.AutomationSectionPage),
);
const UserApiTokens = lazyWithAntd(() =>
  import('@/features/automation/components/user-api-tokens').then((m) => m.UserApiTokens),
);

const PublishingPage = lazyWithAntd(() =>
  import('@/features/publishing/publishing-page').then((m) => m.PublishingPage),
);
const ReleaseNotesPage = lazyWithAntd(() =>
  import('@/features/publishing/release-notes-page').then((m) => m.ReleaseNotesPage),
);
const catalogPages = {
  firmware: () => import('@/features/catalog/pages/firmware-download-page'),
  software: () => import('@/features/catalog/pages/software-download-page'),
  erp: () => import('@/features/catalog/pages/erp-tool-page'),
};
const FirmwareDownloadPage = lazyWithAntd(() => catalogPages.firmware().then((m) => m.FirmwareDownloadPage));
const SoftwareDownloadPage = lazyWithAntd(() => catalogPages.software().then((m) => m.SoftwareDownloadPage));
const ErpToolPage = lazyWithAntd(() => catalogPages.erp().then((m) => m.ErpToolPage));
const LicencePanel = lazyWithAntd(() =>
  import('@/features/activation/components/licence-panel').then((m) => m.LicencePanel),
);
const ActivatePage = lazyWithAntd(() =>
  import('@/features/activation/activate-page').then((m) => m.ActivatePage),
);
const EntitlementsPage = lazyWithAntd(() =>
  import('@/features/activation/entitlements-page').then((m) => m.EntitlementsPage),
);
const systemPages = () => import('@/features/system/system-pages');
const UsersPage = lazyWithAntd(() => systemPages().then((m) => m.UsersPage));
const AuditPage = lazyWithAntd(() => systemPages().then((m) => m.AuditPage));
const DashboardPage = lazyWithAntd(() => systemPages().then((m) => m.DashboardPage));
const RolesPage = lazyWithAntd(() => systemPages().then((m) => m.RolesPage));
const MenusPage = lazyWithAntd(() => systemPages().then((m) => m.MenusPage));
const DictsPage = lazyWithAntd(() => systemPages().then((m) => m.DictsPage));
const AdvisoriesPage = lazyWithAntd(() =>
  import('@/features/advisories/advisories-page').then((m) => m.AdvisoriesPage),
);
const StaffAdvisoriesPage = lazyWithAntd(() =>
  import('@/features/advisories/staff-advisories-page').then((m) => m.StaffAdvisoriesPage),
);
const FleetServersPage = lazyWithAntd(() =>
  import('@/features/fleet/fleet-servers-page').then((m) => m.FleetServersPage),
);
const StaffFleetPage = lazyWithAntd(() =>
  import('@/features/fleet/staff-fleet-page').then((m) => m.StaffFleetPage),
);
const Art14Page = lazyWithAntd(() => import('@/features/psirt/art14-page').then((m) => m.Art14Page));
const ReportsPage = lazyWithAntd(() => import('@/features/psirt/reports-page').then((m) => m.ReportsPage));
const OutboxPage = lazyWithAntd(() => import('@/features/system/outbox-page').then((m) => m.OutboxPage));

const settingsSection =
  (section: SettingsSectionKey): PageFactory =>
  (route) => <SettingsSectionPage section={section} title={route.meta.title} />;
const automationSection =
  (section: AutomationSectionKey): PageFactory =>
  (route) => <AutomationSectionPage section={section} title={route.meta.title} />;

/**
 * Server `component` strings (see the seed's menus) and the page each one renders. The contract's
 * MENU_COMPONENTS (what the menus admin accepts) must name exactly these.
 */
export const CONSOLE_PAGES = {
  HomePage: () => <HomeRoute />,
  Welcome: () => <WelcomeRoute />,
  'mirror/CustMirrorDownload': () => <FirmwareDownloadPage />,
  'tools/ToolsDownload': () => (
    <SoftwareDownloadPage renderLicenceTab={(tab) => <LicencePanel view={tab} />} />
  ),
  ErpTool: () => <ErpToolPage />,
  'tools/RequestedTool': () => <RequestedToolPage />,
  'tools/Activate': (route) => <ActivatePage title={route.meta.title} />,
  'account/center': () => <AccountCenterPage />,
  'account/settings': (route) => <AccountSettingsRoute route={route} />,
  'account/settings/base': settingsSection('base'),
  'account/settings/security': settingsSection('security'),
  'account/settings/custom': settingsSection('custom'),
  'account/settings/binding': settingsSection('binding'),
  'account/settings/notification': settingsSection('notification'),
  'account/settings/apiTokens': automationSection('apiTokens'),
  'account/settings/feeds': automationSection('feeds'),
  'account/settings/webhooks': automationSection('webhooks'),
  // A menu group: its children render in its place.
  RouteView: () => <Outlet />,
  'system/user': (route) => (
    <UsersPage
      title={route.meta.title}
      renderApiTokens={(user) => (
        <Suspense fallback={<FullPageSpinner inline />}>
          <UserApiTokens userId={user.id} />
        </Suspense>
      )}
    />
  ),
  'system/audit': (route) => <AuditPage title={route.meta.title} />,
  'system/dashboard': (route) => <DashboardPage title={route.meta.title} />,
  'system/role': (route) => <RolesPage title={route.meta.title} />,
  'system/menu': (route) => <MenusPage title={route.meta.title} />,
  'system/dict': (route) => <DictsPage title={route.meta.title} />,
  'system/outbox': (route) => <OutboxPage title={route.meta.title} />,
  'system/publishing': (route) => <PublishingPage title={route.meta.title} />,
  'system/entitlements': (route) => <EntitlementsPage title={route.meta.title} />,
  'system/releaseNotes': (route) => <ReleaseNotesPage title={route.meta.title} />,
  'security/Advisories': (route) => <AdvisoriesPage title={route.meta.title} />,
  'system/advisories': (route) => <StaffAdvisoriesPage title={route.meta.title} />,
  'fleet/Servers': (route) => <FleetServersPage title={route.meta.title} />,
  'system/fleet': (route) => <StaffFleetPage title={route.meta.title} />,
  'system/psirt': (route) => <Art14Page title={route.meta.title} />,
  'system/psirtReports': (route) => <ReportsPage title={route.meta.title} />,
} satisfies Readonly<Record<MenuComponent, PageFactory>>;

export const consoleRouteKit: RouteKit = {
  pages: CONSOLE_PAGES,
  notFound: () => <NotFoundPage />,
  frame: (route: MenuRoute, link: string) => <EmbeddedFrame link={link} title={route.meta.title} />,
  firstLoad: () => <FirstLoadRedirect />,
  // One advisory's page lies below the list's (/security/advisories/PFW-2026-0001), one server's
  // below my servers (/fleet/servers/SN-0001), an organisation's servers below the staff's fleet
  // page (/system/fleet/12, /system/fleet/12/SN-0001).
  withSubPaths: new Set<MenuComponent>(['security/Advisories', 'fleet/Servers', 'system/fleet']),
  elsewhere: (fallback) => (
    <OtherAppRedirect fallback={fallback} notFound={<NotFoundPage />} forbidden={<ForbiddenPage />} />
  ),
};
