import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useChangeMenu } from '@/features/auth/api/change-menu';
import { getLoginUserQueryOptions } from '@/features/auth/api/get-login-user';
import { buildMenuTree, firstRouteOf } from '@/lib/menu-tree';
import { notify } from '@/lib/notify';
import { writeStored } from '@/lib/storage';
import { markActive } from './first-load-target';

/**
 * Until when a switch started from the application tabs is still moving the console to the new
 * application's first page. Meanwhile the page being left (e.g. /system/user, now under the
 * downloads application's menus) is not a deep link to switch back for (OtherAppRedirect).
 */
export const leavingPage = { until: 0 };

/**
 * Switches the active application (spec 4): the server answers the new menus, which replace
 * the cached user's (so the menu and routes rebuild), only that application is marked active,
 * also in the stored list, and the console opens the application's first page (or, with
 * `keepPath`, stays on the address that asked for the switch).
 */
export function useAppSwitch(options: { keepPath?: boolean } = {}) {
  const { t } = useTranslation('shell');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { queryKey } = getLoginUserQueryOptions();

  return useChangeMenu({
    onSuccess: (menus, { application }) => {
      if (!options.keepPath) leavingPage.until = Date.now() + 3000;
      const user = queryClient.setQueryData(queryKey, (current) =>
        current ? { ...current, menus, apps: markActive(current.apps, application) } : current,
      );
      if (user) writeStored('apps', user.apps);
      // A deep link that needed the switch stays where it points; the routes rebuild under it.
      if (!options.keepPath) navigate(firstRouteOf(buildMenuTree(menus))?.path ?? paths.root);
    },
    // Through lib/notify: the console frame that switches has no antd of its own.
    onError: () => notify((notifier) => notifier.message.error({ content: t('apps.switchFailed') })),
  });
}
