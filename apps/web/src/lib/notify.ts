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
 * antd is not part of the sign-in page or the console frame: it arrives with the first lazily
 * loaded page or frame widget (see app/lazy-element.tsx), whose provider registers the
 * context-aware instances of antd's <App> here (tests register fakes). Several providers may be
 * mounted at once (a page, the header's menus); the newest one still mounted serves. A call
 * made while none is registered waits for one; antd's static methods, which ignore
 * ConfigProvider (theme, locale), are loaded as the fallback in case no provider mounts first,
 * e.g. a failed request on the sign-in page itself.
 */
let registered: Notifier[] = [];
let waiting: Array<(notifier: Notifier) => void> = [];

function flush(notifier: Notifier): void {
  const calls = waiting;
  waiting = [];
  for (const call of calls) call(notifier);
}

export function setNotifier(notifier: Notifier): void {
  registered = [...registered.filter((other) => other !== notifier), notifier];
  flush(notifier);
}

/** Forgets `notifier` when its provider unmounts; the one registered before it serves again. */
export function clearNotifier(notifier: Notifier): void {
  registered = registered.filter((other) => other !== notifier);
}

/** Runs `call` with the registered notifier, or as soon as there is one. */
export function notify(call: (notifier: Notifier) => void): void {
  const current = registered.at(-1);
  if (current) {
    call(current);
    return;
  }
  waiting.push(call);
  void import('./static-notifier').then(({ staticNotifier }) => {
    if (registered.length === 0) flush(staticNotifier);
  });
}
