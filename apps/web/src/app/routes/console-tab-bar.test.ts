import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { buildMenuTree } from '@/lib/menu-tree';
import { buildMirrorMenus } from '@/test/factories';
import { setUpEachTest } from '@/test/test-hooks';
import { tabTitleOf } from './console-tab-bar';

setUpEachTest({ namespaces: ['tabs', 'catalog'] });

const tree = buildMenuTree(buildMirrorMenus());
const title = (fullPath: string) =>
  tabTitleOf(tree, fullPath, {
    tabs: i18n.getFixedT(null, 'tabs'),
    catalog: i18n.getFixedT(null, 'catalog'),
  });

describe('tabTitleOf', () => {
  it('tells two filtered lists of one page apart, and says they are filtered', () => {
    expect(title('/mirror/custmirrordownload?kind=BIOS&q=M6')).toBe('Firmware (filtered: BIOS, “M6”)');
    expect(title('/mirror/custmirrordownload?model=M7-2U&kind=BMC')).toBe('Firmware (filtered: M7-2U, BMC)');
  });

  it('is the menu title for an unfiltered list and a page without filters, nothing for an unknown path', () => {
    expect(title('/mirror/custmirrordownload?page=2')).toBe('Firmware');
    expect(title('/tools/toolsdownload?tab=history&kind=BMC')).toBe('Software');
    expect(title('/nowhere?kind=BMC')).toBe('');
  });

  it('names a page below its menu path after what it shows (one advisory below the list)', () => {
    expect(title('/mirror/custmirrordownload/PFW-2026-0001')).toBe('Firmware: PFW-2026-0001');
  });
});
