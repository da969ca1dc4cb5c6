import type { MessageArgsProps, NotificationArgsProps } from 'antd';

/** The antd feedback channels that code outside antd's React tree needs (API client, sign-in). */
export interface Notifier {
  message: { error(args: MessageArgsProps): unknown };
  notification: {
    error(args: NotificationArgsProps): unknown;
    success(args: NotificationArgsProps): unknown;
  };
}

/*
 * antd is not part of the sign-in page: it arrives with the first lazily loaded page (see
 * app/lazy-element.tsx), whose provider registers the context-aware instances of antd's <App>
 * here (tests register fakes). A call made while none is registered waits for one; antd's
 * static methods, which ignore ConfigProvider (theme, locale), are loaded as the fallback in
 * case no provider mounts first, e.g. a failed request on the sign-in page itself.
 */
let current: Notifier | undefined;
let waiting: Array<(notifier: Notifier) => void> = [];

function flush(notifier: Notifier): void {
  const calls = waiting;
  waiting = [];
  for (const call of calls) call(notifier);
}

export function setNotifier(notifier: Notifier): void {
  current = notifier;
  flush(notifier);
}

/** Forgets `notifier` when its provider unmounts (unless another one has replaced it already). */
export function clearNotifier(notifier: Notifier): void {
  if (current === notifier) current = undefined;
}

/** Runs `call` with the registered notifier, or as soon as there is one. */
export function notify(call: (notifier: Notifier) => void): void {
  if (current) {
    call(current);
    return;
  }
  waiting.push(call);
  void import('./static-notifier').then(({ staticNotifier }) => {
    if (!current) flush(staticNotifier);
  });
}
