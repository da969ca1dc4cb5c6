import type { LoginUser, MenuComponent } from '@portal/contract';

const hasPage = (user: LoginUser | undefined, component: MenuComponent) =>
  user?.menus.some((menu) => menu.component === component) ?? false;

/**
 * What the landing pages' attention panel may show (issue 42 §1): the fleet counts lead to My
 * servers and the advisories to their page, so each shows only to a reader whose menus hold that
 * page. Without My servers (staff in the system application, say) the panel is left out.
 */
export function attentionAccessOf(user: LoginUser | undefined) {
  return { fleet: hasPage(user, 'fleet/Servers'), advisories: hasPage(user, 'security/Advisories') };
}
