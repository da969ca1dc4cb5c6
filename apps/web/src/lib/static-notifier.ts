import { message, notification } from 'antd';
import type { Notifier } from './notify';

/** antd's static message and notification; only loaded when no antd provider is mounted (lib/notify). */
export const staticNotifier: Notifier = { message, notification };
