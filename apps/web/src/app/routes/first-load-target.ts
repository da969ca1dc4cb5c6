import { type AppEntry, DEFAULT_APP_CODE, SYSTEM_APP_CODE } from '@portal/contract';
import { paths } from '@/config/paths';
import { firstRouteOf, type MenuRoute } from '@/lib/menu-tree';

export type FirstLoadTarget =
  { kind: 'path'; path: string } | { kind: 'switchApp'; application: string } | { kind: 'noMenus' };

interface FirstLoadInput {
  tree: readonly MenuRoute[];
  apps: readonly AppEntry[];
  /** The stored `requestTool` flag of a token link. */
  requestTool: string | undefined;
}

const isAccountSettings = (route: MenuRoute) =>
  route.path === paths.accountSettings || route.path.startsWith(`${paths.accountSettings}/`);

/**
 * Where the console goes at `/` (spec 2, Layouts): to /tools_download when a tool request is
 * stored, else to the first page of the menu. A menu whose first page is account settings
 * means the application has nothing else for this user, so the console switches to `system`
 * (when the user has it and is not already there).
 */
export function chooseFirstLoadTarget({ tree, apps, requestTool }: FirstLoadInput): FirstLoadTarget {
  if (requestTool) return { kind: 'path', path: paths.requestedTool };
  const first = firstRouteOf(tree);
  if (!first) return { kind: 'noMenus' };
  const canSwitch =
    apps.some((app) => app.code === SYSTEM_APP_CODE) && activeAppCode(apps) !== SYSTEM_APP_CODE;
  if (isAccountSettings(first) && canSwitch) return { kind: 'switchApp', application: SYSTEM_APP_CODE };
  return { kind: 'path', path: first.path };
}

/** The application whose menus are shown: the one marked active, else `mirror`, else the first. */
export function activeAppCode(apps: readonly AppEntry[]): string | undefined {
  return (
    apps.find((app) => app.active)?.code ??
    apps.find((app) => app.code === DEFAULT_APP_CODE)?.code ??
    apps[0]?.code
  );
}

/** Spec 4: after a switch only the chosen application is marked active in the stored list. */
export function markActive(apps: readonly AppEntry[], code: string): AppEntry[] {
  return apps.map((app) => ({ ...app, active: app.code === code }));
}
