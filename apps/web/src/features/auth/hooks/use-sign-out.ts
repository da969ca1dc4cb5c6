import { LOGOUT_RELOAD_DELAY_MS } from '@portal/contract';
import { paths } from '@/config/paths';
import { loadPage } from '@/lib/browser-location';
import { notify } from '@/lib/notify';
import { clearSession } from '@/lib/session';
import { useLogout } from '../api/logout';

/**
 * Logs out on the server, forgets the local session and restarts the app on the sign-in
 * page; the full reload also drops every cached query of the old user. A refusal shows through
 * lib/notify: the header that signs out is drawn before antd is loaded.
 */
export function useSignOut() {
  return useLogout({
    onSuccess: () => {
      clearSession();
      setTimeout(() => loadPage(paths.login), LOGOUT_RELOAD_DELAY_MS);
    },
    onError: (error) => {
      if (error.message) notify((notifier) => notifier.message.error({ content: error.message }));
    },
  });
}
