import {
  type MessageArgsProps,
  type NotificationArgsProps,
  message as staticMessage,
  notification as staticNotification,
} from 'antd';

/** The two antd feedback channels that code outside React (the API client) needs. */
export interface Notifier {
  message: { error(args: MessageArgsProps): unknown };
  notification: { error(args: NotificationArgsProps): unknown };
}

/*
 * antd's static methods ignore ConfigProvider (theme, locale). The app registers the
 * context-aware instances of <App> at start-up; the static ones only cover the moment
 * before that, and tests register fakes.
 */
let current: Notifier = { message: staticMessage, notification: staticNotification };

export function setNotifier(notifier: Notifier): void {
  current = notifier;
}

export function notifier(): Notifier {
  return current;
}
