import { LOGOUT_RELOAD_DELAY_MS } from '@portal/contract';
import { App } from 'antd';
import { paths } from '@/config/paths';
import { loadPage } from '@/lib/browser-location';
import { clearSession } from '@/lib/session';
import { useLogout } from '../api/logout';

/**
 * Logs out on the server, forgets the local session and restarts the app on the sign-in
 * page; the full reload also drops every cached query of the old user.
 */
export function useSignOut() {
  const { message } = App.useApp();
  return useLogout({
    onSuccess: () => {
      clearSession();
      setTimeout(() => loadPage(paths.login), LOGOUT_RELOAD_DELAY_MS);
    },
    onError: (error) => {
      if (error.message) message.error({ content: error.message });
    },
  });
}
