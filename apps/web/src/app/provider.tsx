import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { queryClient } from '@/lib/query-client';
import { keepTableScrollersFocusable } from '@/lib/table-scroll-focus';

/**
 * What every page relies on: the server cache, and keyboard access to every table that scrolls.
 * antd's providers are not here: they come with the lazily loaded pages
 * (app/antd-provider.tsx), so the sign-in page never loads antd.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();

  useEffect(() => {
    // The server localises names and messages, so cached answers are stale in a new language.
    const refetchAll = () => void queryClient.invalidateQueries();
    i18n.on('languageChanged', refetchAll);
    return () => i18n.off('languageChanged', refetchAll);
  }, [i18n]);

  useEffect(() => {
    // Every table that scrolls takes the keyboard focus (lib/table-scroll-focus.ts).
    const scrollers = keepTableScrollersFocusable(document.body, () => i18n.t('table.scrollRegion'));
    i18n.on('languageChanged', scrollers.rename);
    return () => {
      i18n.off('languageChanged', scrollers.rename);
      scrollers.stop();
    };
  }, [i18n]);

  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
