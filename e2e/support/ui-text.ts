import type { Page } from 'playwright-core';
import { APPLICATIONS, MENUS, type MenuSeed, WELCOME_NOTICE } from '../../apps/server/src/db/seed/seed-data';
import * as enUS from '../../apps/web/src/locales/en-US';
import * as zhCN from '../../apps/web/src/locales/zh-CN';
import type { UiLocale } from './console';

/** The demo customer's menu entries in order, per language (spec 2, "Menu entries"). */
export const CUSTOMER_MENU = {
  'en-US': [
    'Home Page',
    'Welcome',
    'Firmware',
    'Software',
    'Security advisories',
    'My servers',
    'Agile Customization',
  ],
  'zh-CN': ['首页', '控制台', '固件下载', '软件下载', '安全公告', '我的服务器', '敏捷定制'],
} as const satisfies Record<UiLocale, readonly string[]>;

/** Chinese characters and full-width punctuation. */
const CJK = /[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]/;
/** The language switch names Chinese in Chinese in every language. */
const LANGUAGE_NAME_ZH = '中文';

const menuTitles = (menus: readonly MenuSeed[]): string[] =>
  menus.flatMap((menu) => [menu.titleEn, ...menuTitles(menu.children ?? [])]);

/**
 * English texts that must never show in the Chinese UI: every English translation of the web
 * app that differs from its Chinese one (interpolated ones left out, being partial), and the
 * English names the server keeps for menus, applications and the seeded notice.
 */
const ENGLISH_ONLY: readonly string[] = (() => {
  const texts: string[] = [];
  for (const [namespace, entries] of Object.entries(enUS)) {
    const chinese: Record<string, string> = zhCN[namespace as keyof typeof zhCN];
    for (const [key, english] of Object.entries(entries as Record<string, string>)) {
      if (english !== chinese[key] && !english.includes('{{')) texts.push(english);
    }
  }
  texts.push(...Object.values(MENUS).flatMap(menuTitles), ...APPLICATIONS.map((app) => app.nameEn));
  texts.push(WELCOME_NOTICE.title.en);
  // Very short words (e.g. "New") could be part of product names; they are covered by longer texts.
  return [...new Set(texts)].filter((text) => text.length >= 4);
})();

/**
 * Texts of the other language that show on the page right now (rendered text only: closed
 * popups and background tabs are display:none and do not count). Empty = all translated.
 */
export async function foreignTexts(page: Page, locale: UiLocale): Promise<string[]> {
  const text = await page.evaluate(() => document.body.innerText);
  if (locale === 'en-US') {
    return text
      .split('\n')
      .filter((line) => CJK.test(line.replaceAll(LANGUAGE_NAME_ZH, '')))
      .map((line) => line.trim());
  }
  return ENGLISH_ONLY.filter((english) => text.includes(english));
}
