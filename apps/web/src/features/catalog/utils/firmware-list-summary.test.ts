import { act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLocale, i18n } from '@/lib/i18n';
import { setUpEachTest } from '@/test/test-hooks';
import { firmwareListSummary } from './firmware-list-summary';

setUpEachTest({ namespaces: ['catalog'] });

const summary = (query: string) =>
  firmwareListSummary(new URLSearchParams(query), i18n.getFixedT(null, 'catalog'));

describe('firmwareListSummary', () => {
  it('names every filter of the list, none of its paging', () => {
    expect(
      summary(
        'model=M7-2U&kind=BMC&severity=urgent,optional&latest=true&q=CVE-1&page=3&size=20&sort=version',
      ),
    ).toBe('M7-2U, BMC, Urgent, Optional, newest only, “CVE-1”');
    expect(summary('kind=BIOS&tab=server')).toBe('BIOS');
  });

  it('is nothing for the unfiltered list, another tab of the page or values the list ignores', () => {
    expect(summary('')).toBeUndefined();
    expect(summary('page=2&sort=version&version=12')).toBeUndefined();
    expect(summary('tab=pcie&kind=BMC')).toBeUndefined();
    expect(summary('kind=FLOPPY&severity=bogus&latest=maybe&q=%20%20')).toBeUndefined();
  });

  it('speaks the reader’s language', async () => {
    await act(() => changeLocale('zh-CN'));
    await act(() => i18n.loadNamespaces('catalog'));
    expect(summary('kind=BMC&severity=urgent&latest=true&q=M6')).toBe('BMC，紧急，仅最新，“M6”');
  });
});
