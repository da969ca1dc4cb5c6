import type { Locale } from '@portal/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp, ConfigProvider, type ConfigProviderProps } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { theme } from '@/config/theme';
import { toLocale } from '@/lib/locale-detection';
import { queryClient } from '@/lib/query-client';
import { NotifierBridge } from './notifier-bridge';

const ANTD_LOCALES: Record<Locale, ConfigProviderProps['locale']> = { 'zh-CN': zhCN, 'en-US': enUS };

/** Everything the pages rely on: server cache, antd in the UI language, feedback channels. */
export function AppProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const locale = toLocale(i18n.resolvedLanguage);

  useEffect(() => {
    // The server localises names and messages, so cached answers are stale in a new language.
    const refetchAll = () => void queryClient.invalidateQueries();
    i18n.on('languageChanged', refetchAll);
    return () => i18n.off('languageChanged', refetchAll);
  }, [i18n]);

  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={ANTD_LOCALES[locale]} theme={theme}>
        <AntdApp>
          <NotifierBridge />
          {children}
        </AntdApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
