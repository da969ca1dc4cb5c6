import { LOCALES } from '@portal/contract';
import { describe, expect, it } from 'vitest';

/**
 * Reads the namespace files from disk instead of the wired-up `resources`, so a file that
 * exists in only one language (or is never registered) is still caught.
 */
const files = import.meta.glob<Record<string, unknown>>(['./*/*.ts', '!./*/index.ts'], {
  eager: true,
});

type Catalogue = Map<string, Map<string, unknown>>; // namespace -> key -> value

function loadCatalogues(): Map<string, Catalogue> {
  const byLocale = new Map<string, Catalogue>();
  for (const [path, moduleExports] of Object.entries(files)) {
    const [, locale = '', fileName = ''] = path.split('/');
    const namespace = fileName.replace(/\.ts$/, '');
    const table = moduleExports[namespace];
    const entries = table && typeof table === 'object' ? Object.entries(table) : [];
    const catalogue = byLocale.get(locale) ?? new Map();
    catalogue.set(namespace, new Map(entries));
    byLocale.set(locale, catalogue);
  }
  return byLocale;
}

/** `ns:key` for every key of a catalogue, sorted for readable diffs. */
function flatKeys(catalogue: Catalogue): string[] {
  return [...catalogue].flatMap(([ns, keys]) => [...keys.keys()].map((key) => `${ns}:${key}`)).sort();
}

function missingFrom(expected: string[], actual: string[]): string[] {
  const present = new Set(actual);
  return expected.filter((item) => !present.has(item));
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

const catalogues = loadCatalogues();
const zh = catalogues.get('zh-CN') ?? new Map();
const en = catalogues.get('en-US') ?? new Map();

describe('locale files', () => {
  it('exist for exactly the supported languages', () => {
    expect([...catalogues.keys()].sort()).toEqual([...LOCALES].sort());
  });

  it('have the same namespaces in zh-CN and en-US', () => {
    const zhNamespaces = [...zh.keys()].sort();
    const enNamespaces = [...en.keys()].sort();
    expect({ missingInEnUS: missingFrom(zhNamespaces, enNamespaces) }).toEqual({ missingInEnUS: [] });
    expect({ missingInZhCN: missingFrom(enNamespaces, zhNamespaces) }).toEqual({ missingInZhCN: [] });
    expect(zhNamespaces).toEqual(expect.arrayContaining(['common', 'login', 'home', 'errors']));
  });

  it('have the same flattened keys in zh-CN and en-US', () => {
    const zhKeys = flatKeys(zh);
    const enKeys = flatKeys(en);
    expect({ missingInEnUS: missingFrom(zhKeys, enKeys) }).toEqual({ missingInEnUS: [] });
    expect({ missingInZhCN: missingFrom(enKeys, zhKeys) }).toEqual({ missingInZhCN: [] });
  });

  it('have no empty or non-string values', () => {
    const bad = [...catalogues].flatMap(([locale, catalogue]) =>
      [...catalogue].flatMap(([ns, keys]) =>
        [...keys]
          .filter(([, value]) => typeof value !== 'string' || value.trim() === '')
          .map(([key]) => `${locale}/${ns}:${key}`),
      ),
    );
    expect(bad).toEqual([]);
  });

  it('use the same interpolation placeholders in both languages', () => {
    const mismatched = [...zh].flatMap(([ns, keys]) =>
      [...keys].flatMap(([key, zhValue]) => {
        const enValue = en.get(ns)?.get(key);
        if (typeof zhValue !== 'string' || typeof enValue !== 'string') return [];
        const same = placeholders(zhValue).join() === placeholders(enValue).join();
        return same ? [] : [`${ns}:${key}`];
      }),
    );
    expect(mismatched).toEqual([]);
  });

  // Issue 18 §3: the server's menus and messages use the same names (seed data, server i18n).
  it('call each page by one name: 个人中心 / 账号设置, Personal center / Account settings', () => {
    const other = {
      'zh-CN': /个人设置|账户设置|用户中心/,
      'en-US': /Individual Center|Personal Center|Account Settings/,
    };
    const offending = (['zh-CN', 'en-US'] as const).flatMap((locale) =>
      [...(catalogues.get(locale) ?? [])].flatMap(([ns, keys]) =>
        [...keys]
          .filter(([, value]) => typeof value === 'string' && other[locale].test(value))
          .map(([key]) => `${locale}/${ns}:${key}`),
      ),
    );
    expect(offending).toEqual([]);
  });
});
