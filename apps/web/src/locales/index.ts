import type { Locale } from '@portal/contract';
import { translations as enUS } from './en-US';
import { translations as zhCN } from './zh-CN';

/** Statically bundled: the texts are small and the first paint must not wait for a fetch. */
export const resources = {
  'zh-CN': zhCN,
  'en-US': enUS,
} satisfies Record<Locale, typeof zhCN>;

export type Namespace = keyof typeof zhCN;
export const NAMESPACES = Object.keys(zhCN) as Namespace[];
export const DEFAULT_NAMESPACE: Namespace = 'common';
