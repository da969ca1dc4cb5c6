import type { Locale } from '@portal/contract';
import { App as AntdApp, ConfigProvider, type ConfigProviderProps } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/en';
import 'dayjs/locale/zh-cn';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { consoleTheme, PRIMARY_COLOR } from '@/config/theme';
import { toLocale } from '@/lib/locale-detection';
import { useReducedMotion } from '@/lib/use-reduced-motion';
import { DisplaySettingsContext } from '@/shell/settings/display-settings-context';
import { useTableScrollFocus } from '@/lib/table-scroll-focus';
import { NotifierBridge } from './notifier-bridge';
import './table-headers.css';

const ANTD_LOCALES: Record<Locale, ConfigProviderProps['locale']> = { 'zh-CN': zhCN, 'en-US': enUS };
const DAYJS_LOCALES: Record<Locale, string> = { 'zh-CN': 'zh-cn', 'en-US': 'en' };

/** Whether an AntdProvider is mounted above, so nested lazy pages do not stack a second one. */
const AntdProvided = createContext(false);

/**
 * antd in the UI language (its own texts, dayjs' month and day names) with the console theme
 * (in the console, the primary colour of the display settings; no motion for people who asked
 * their system for less), and its feedback channels.
 * Every lazily loaded page and every antd part of the console frame renders inside one
 * (app/lazy-element.tsx); the sign-in page and the console frame use no antd, so none of this
 * is loaded before they show.
 */
export function AntdProvider({ children }: { children: ReactNode }) {
  const nested = useContext(AntdProvided);
  const { i18n } = useTranslation();
  const locale = toLocale(i18n.resolvedLanguage);
  const primaryColor = useContext(DisplaySettingsContext)?.settings.primaryColor ?? PRIMARY_COLOR;
  const reducedMotion = useReducedMotion();
  const theme = useMemo(() => consoleTheme(primaryColor, { reducedMotion }), [primaryColor, reducedMotion]);
  // Tables exist only where antd does: every one that scrolls takes the keyboard focus.
  useTableScrollFocus();
  if (nested) return children;
  // dayjs is a global; set it while rendering so date pickers below already see the language.
  dayjs.locale(DAYJS_LOCALES[locale]);
  return (
    <AntdProvided.Provider value>
      <ConfigProvider locale={ANTD_LOCALES[locale]} theme={theme}>
        <AntdApp>
          <NotifierBridge />
          {children}
        </AntdApp>
      </ConfigProvider>
    </AntdProvided.Provider>
  );
}
