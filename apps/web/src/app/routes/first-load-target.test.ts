import type { AppEntry } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { buildMenuTree } from '@/lib/menu-tree';
import { buildMirrorMenus } from '@/test/factories';
import { activeAppCode, chooseFirstLoadTarget, markActive } from './first-load-target';

const mirror: AppEntry = { code: 'mirror', name: 'Downloads', active: true };
const system: AppEntry = { code: 'system', name: 'System', active: false };
const mirrorTree = buildMenuTree(buildMirrorMenus());
const settingsOnlyTree = buildMenuTree(
  buildMirrorMenus().filter((node) => node.path.startsWith('/account/settings')),
);

describe('chooseFirstLoadTarget', () => {
  it('goes to the first page of the menu', () => {
    expect(chooseFirstLoadTarget({ tree: mirrorTree, apps: [mirror], requestTool: undefined })).toEqual({
      kind: 'path',
      path: '/homePage',
    });
  });

  it('goes to /tools_download when a tool request is stored', () => {
    expect(chooseFirstLoadTarget({ tree: mirrorTree, apps: [mirror], requestTool: 'uKits' })).toEqual({
      kind: 'path',
      path: '/tools_download',
    });
  });

  it('switches to the system application when the first page is account settings', () => {
    expect(
      chooseFirstLoadTarget({ tree: settingsOnlyTree, apps: [mirror, system], requestTool: '' }),
    ).toEqual({
      kind: 'switchApp',
      application: 'system',
    });
  });

  it('stays on account settings when there is no system application to switch to, or it is active', () => {
    const settings = { kind: 'path', path: '/account/settings/base' };
    expect(chooseFirstLoadTarget({ tree: settingsOnlyTree, apps: [mirror], requestTool: undefined })).toEqual(
      settings,
    );
    const onSystem = markActive([mirror, system], 'system');
    expect(chooseFirstLoadTarget({ tree: settingsOnlyTree, apps: onSystem, requestTool: undefined })).toEqual(
      settings,
    );
  });

  it('reports a menu without any page', () => {
    expect(chooseFirstLoadTarget({ tree: [], apps: [mirror], requestTool: undefined })).toEqual({
      kind: 'noMenus',
    });
  });
});

describe('applications', () => {
  it('marks only the chosen application active', () => {
    expect(markActive([mirror, system], 'system').map((app) => app.active)).toEqual([false, true]);
  });

  it('finds the active application, falling back to mirror, then to the first', () => {
    expect(activeAppCode([mirror, system])).toBe('mirror');
    expect(activeAppCode(markActive([mirror, system], 'system'))).toBe('system');
    expect(activeAppCode(markActive([system, mirror], 'none'))).toBe('mirror');
    expect(activeAppCode([{ ...system, active: false }])).toBe('system');
    expect(activeAppCode([])).toBeUndefined();
  });
});
