import { LOCALES } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import * as zhCN from './zh-CN';
import { BUNDLED_NAMESPACES, bundledResources, CONSOLE_NAMESPACES, loadConsoleNamespace } from '.';

describe('how the namespaces reach the browser', () => {
  it('puts every namespace either in the sign-in bundle or in the console chunk, never both', () => {
    const bundled: string[] = [...BUNDLED_NAMESPACES];
    const lazy: string[] = [...CONSOLE_NAMESPACES];
    expect([...bundled, ...lazy].sort()).toEqual(Object.keys(zhCN).sort());
    expect(bundled.filter((namespace) => lazy.includes(namespace))).toEqual([]);
  });

  it('bundles the sign-in namespaces in both languages and nothing of the console', () => {
    for (const locale of LOCALES) {
      expect(Object.keys(bundledResources[locale]).sort()).toEqual([...BUNDLED_NAMESPACES].sort());
    }
  });

  it.each(LOCALES)('loads each console namespace in %s with all its keys', async (locale) => {
    for (const namespace of CONSOLE_NAMESPACES) {
      const texts = await loadConsoleNamespace(locale, namespace);
      expect(Object.keys(texts).sort()).toEqual(Object.keys(zhCN[namespace]).sort());
    }
  });
});
