import { SESSION_OVER_CODES, SHOW_MESSAGE_CODES, UNAUTHORIZED_RELOAD_DELAY_MS } from '@portal/contract';
import { paths } from '@/config/paths';
import { type ApiError, ClientErrorCode } from './api-error';
import { loadPage, reloadPage } from './browser-location';
import { i18n } from './i18n';
import { notify } from './notify';
import { clearSession } from './session';
import { readStored, writeStored } from './storage';

/** Several requests usually fail together when a session ends; react once per token. */
let endedToken: string | undefined;

/** The session is over: the app ends it and goes to sign-in (endSession below). */
export function isSessionOver(error: ApiError): boolean {
  return SESSION_OVER_CODES.includes(error.code) || error.status === 401;
}

/**
 * Drops the session and restarts the app, which lands on sign-in with the current path as
 * redirect. The delay leaves time to read why (spec 8: 401 path reloads after 1.5 s).
 */
function endSession(error: ApiError, token: string): void {
  if (endedToken === token) return;
  endedToken = token;
  clearSession();
  notify(({ notification }) =>
    notification.error({
      key: 'session-over',
      title: i18n.t('errors:api.unauthorized'),
      description: error.message || i18n.t('errors:api.unauthorizedDescription'),
    }),
  );
  // Spec 4: with a tool request pending, go to sign-in and keep the message for it there.
  if (readStored('requestTool')) {
    writeStored('loginError', error.message || i18n.t('errors:api.unauthorizedDescription'));
    loadPage(paths.login);
    return;
  }
  setTimeout(reloadPage, UNAUTHORIZED_RELOAD_DELAY_MS);
}

/**
 * The app-wide reactions to a failed call (spec 8). Session handling only applies when a
 * token was sent: a wrong password (401) or a frozen account at sign-in is not a session end.
 */
export function reactToFailure(error: ApiError, context: { sentToken?: string; quiet: boolean }): void {
  if (error.code === ClientErrorCode.ABORTED) return;
  if (context.sentToken && isSessionOver(error)) {
    endSession(error, context.sentToken);
    return;
  }
  if (context.quiet) return;
  if (error.isBackendUnreachable) {
    // One toast even when every request of the page fails at once.
    notify(({ message }) => message.error({ key: 'backend-unavailable', content: error.message }));
  } else if (error.status === 403) {
    notify(({ notification }) =>
      notification.error({ title: i18n.t('errors:api.forbidden'), description: error.message }),
    );
  } else if (error.message && (error.status >= 500 || SHOW_MESSAGE_CODES.includes(error.code))) {
    notify(({ message }) => message.error({ content: error.message }));
  }
}
