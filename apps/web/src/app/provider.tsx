import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { queryClient } from '@/lib/query-client';

/**
 * What every page relies on: the server cache. antd's providers are not here: they come with
 * the lazily loaded pages (app/antd-provider.tsx), so the sign-in page never loads antd.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();

  useEffect(() => {
    // The server localises names and messages, so cached answers are stale in a new language.
    const refetchAll = () => void queryClient.invalidateQueries();
    i18n.on('languageChanged', refetchAll);
    return () => i18n.off('languageChanged', refetchAll);
  }, [i18n]);

  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
