import { App } from 'antd';
import { useEffect } from 'react';
import { setNotifier } from '@/lib/notify';

/** Hands antd's context-aware message/notification to code outside React (the API client). */
export function NotifierBridge() {
  const { message, notification } = App.useApp();
  useEffect(() => setNotifier({ message, notification }), [message, notification]);
  return null;
}
