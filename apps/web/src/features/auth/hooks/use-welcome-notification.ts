import { App } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

export type Greeting = 'morning' | 'afternoon' | 'evening';

/** The part of the day a local hour (0-23) belongs to. */
export function greetingFor(hour: number): Greeting {
  if (hour < 12) return 'morning';
  if (hour < 18) return 'afternoon';
  return 'evening';
}

/** Returns the function that greets a user who just signed in ("Good morning, welcome back"). */
export function useWelcomeNotification(): () => void {
  const { t } = useTranslation('login');
  const { notification } = App.useApp();
  return useCallback(() => {
    notification.success({
      key: 'welcome-back',
      title: t('welcome.title'),
      description: t(`welcome.${greetingFor(new Date().getHours())}`),
    });
  }, [notification, t]);
}
