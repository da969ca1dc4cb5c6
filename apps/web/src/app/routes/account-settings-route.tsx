import { SOURCE_TYPE_REGISTERED } from '@portal/contract';
import { useLoginUser } from '@/features/auth/api/get-login-user';
import { AccountSettingsLayout } from '@/features/account/account-settings-layout';
import { ForbiddenPage } from '@/features/errors/forbidden-page';
import type { MenuRoute } from '@/lib/menu-tree';

/**
 * Account settings exist only for users who registered here (sourceType '01', spec 6);
 * anyone else reaching the URL gets the 403 page. The sections are the menu's children.
 */
export function AccountSettingsRoute({ route }: { route: MenuRoute }) {
  const { data: user } = useLoginUser();
  if (user?.sourceType !== SOURCE_TYPE_REGISTERED) return <ForbiddenPage />;
  const sections = route.children.map((child) => ({ path: child.path, title: child.meta.title }));
  return <AccountSettingsLayout sections={sections} />;
}
