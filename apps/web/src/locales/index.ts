import type { Locale } from '@portal/contract';
import { common as enCommon } from './en-US/common';
import { errors as enErrors } from './en-US/errors';
import { login as enLogin } from './en-US/login';
import { pages as enPages } from './en-US/pages';
import { register as enRegister } from './en-US/register';
import type * as translations from './zh-CN';
import { common as zhCommon } from './zh-CN/common';
import { errors as zhErrors } from './zh-CN/errors';
import { login as zhLogin } from './zh-CN/login';
import { pages as zhPages } from './zh-CN/pages';
import { register as zhRegister } from './zh-CN/register';

/** Every namespace with its keys; zh-CN is the reference language (see types.ts). */
export type Resources = typeof translations;
export type Namespace = keyof Resources;
export const DEFAULT_NAMESPACE: Namespace = 'common';

/**
 * What a signed-out visitor can see (the sign-in page, the other public pages, the error pages)
 * and every route title. Bundled in both languages, so the first render and a language switch
 * on the sign-in page never wait for a download.
 */
export const BUNDLED_NAMESPACES = ['common', 'login', 'errors', 'pages', 'register'] as const;
export type BundledNamespace = (typeof BUNDLED_NAMESPACES)[number];

export const bundledResources = {
  'zh-CN': { common: zhCommon, login: zhLogin, errors: zhErrors, pages: zhPages, register: zhRegister },
  'en-US': { common: enCommon, login: enLogin, errors: enErrors, pages: enPages, register: enRegister },
} satisfies Record<Locale, Pick<Resources, BundledNamespace>>;

/** The signed-in console's namespaces: fetched with the console, in the UI language only. */
export type ConsoleNamespace = Exclude<Namespace, BundledNamespace>;

const consoleBundles: Record<Locale, () => Promise<Pick<Resources, ConsoleNamespace>>> = {
  'zh-CN': () => import('./console-zh-CN'),
  'en-US': () => import('./console-en-US'),
};

export const CONSOLE_NAMESPACES = [
  'home',
  'shell',
  'menu',
  'settings',
  'tabs',
  'notices',
  'account',
  'system',
  'publishing',
  'activation',
  'catalog',
  'tasks',
  'automation',
  'advisories',
  'fleet',
  'psirt',
] as const satisfies readonly ConsoleNamespace[];

export function isConsoleNamespace(namespace: string): namespace is ConsoleNamespace {
  return (CONSOLE_NAMESPACES as readonly string[]).includes(namespace);
}

/** The texts of one console namespace; the language's whole console chunk arrives with the first. */
export async function loadConsoleNamespace(
  locale: Locale,
  namespace: ConsoleNamespace,
): Promise<Resources[ConsoleNamespace]> {
  const bundle = await consoleBundles[locale]();
  return bundle[namespace];
}
