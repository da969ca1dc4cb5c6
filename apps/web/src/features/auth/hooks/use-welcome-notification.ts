import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/notify';

export type Greeting = 'morning' | 'afternoon' | 'evening';

/** The part of the day a local hour (0-23) belongs to. */
export function greetingFor(hour: number): Greeting {
  if (hour < 12) return 'morning';
  if (hour < 18) return 'afternoon';
  return 'evening';
}

/**
 * Returns the function that greets a user who just signed in ("Good morning, welcome back").
 * The sign-in page has no antd, so the greeting waits for it (see lib/notify.ts): it shows as
 * the console opens.
 */
export function useWelcomeNotification(): () => void {
  const { t } = useTranslation('login');
  return useCallback(() => {
    const title = t('welcome.title');
    const description = t(`welcome.${greetingFor(new Date().getHours())}`);
    notify(({ notification }) => notification.success({ key: 'welcome-back', title, description }));
  }, [t]);
}
