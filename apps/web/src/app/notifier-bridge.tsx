import { App } from 'antd';
import { useEffect } from 'react';
import { clearNotifier, setNotifier } from '@/lib/notify';

/** Hands antd's context-aware message/notification to code outside React (the API client). */
export function NotifierBridge() {
  const { message, notification } = App.useApp();
  useEffect(() => {
    const notifier = { message, notification };
    setNotifier(notifier);
    return () => clearNotifier(notifier);
  }, [message, notification]);
  return null;
}
