import type { GrantOptions, RoleRow } from '@portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { okResponse, stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render-with-providers';
import { setUpEachTest } from '@/test/test-hooks';
import { RoleGrantDrawer } from './role-grant-drawer';

const ROLE: RoleRow = {
  id: 7,
  code: 'support',
  nameZh: '技术支持',
  nameEn: 'Support',
  name: 'Support',
  descriptionZh: '',
  descriptionEn: '',
  description: '',
  builtIn: false,
  userCount: 0,
  menuCount: 1,
  permissionCount: 1,
};
const OPTIONS: GrantOptions = {
  apps: [
    {
      code: 'mirror',
      name: 'Downloads',
      menus: [
        { id: 1, pid: 0, title: 'Home Page', path: '/homePage' },
        { id: 2, pid: 0, title: 'Firmware', path: '/mirror/custmirrordownload' },
      ],
    },
    {
      code: 'system',
      name: 'System',
      menus: [
        { id: 10, pid: 0, title: 'System management', path: '/system' },
        { id: 11, pid: 10, title: 'Users', path: '/system/user' },
        { id: 12, pid: 10, title: 'Roles', path: '/system/role' },
      ],
    },
  ],
  permissions: [
    { code: 'firmware:download', name: 'Download firmware' },
    { code: 'sysUser:page', name: 'List users' },
  ],
};

setUpEachTest();

describe('RoleGrantDrawer', () => {
  it('shows the current grants and saves the ticked menus and permissions', async () => {
    let saved: unknown;
    stubFetch({
      '/api/sysRole/grantOptions': () => okResponse(OPTIONS),
      '/api/sysRole/7/grants': (_url, init) => {
        if (init.method === 'PUT') {
          saved = JSON.parse(String(init.body));
          return okResponse(saved);
        }
        return okResponse({ menuIds: [1], permissionCodes: ['firmware:download'] });
      },
    });
    renderWithProviders(<RoleGrantDrawer role={ROLE} onClose={() => {}} />, { path: '/' });
    const mirror = await screen.findByTestId('grant-menus-mirror');
    const checkboxOf = (tree: HTMLElement, title: string) => {
      const node = within(tree).getByTitle(title).closest('.ant-tree-treenode');
      const box = node?.querySelector('.ant-tree-checkbox');
      if (!box) throw new Error(`no checkbox for ${title}`);
      return box;
    };
    expect(checkboxOf(mirror, 'Home Page').className).toContain('ant-tree-checkbox-checked');
    expect(checkboxOf(mirror, 'Firmware').className).not.toContain('ant-tree-checkbox-checked');

    fireEvent.click(checkboxOf(mirror, 'Home Page'));
    fireEvent.click(screen.getByRole('tab', { name: 'System' }));
    const system = await screen.findByTestId('grant-menus-system');
    // Checked on its own: the parent is not ticked with it (the server grants it anyway).
    fireEvent.click(checkboxOf(system, 'Users'));
    expect(checkboxOf(system, 'System management').className).not.toContain('ant-tree-checkbox-checked');
    fireEvent.click(screen.getByLabelText('List users (sysUser:page)'));
    fireEvent.click(screen.getByTestId('role-grant-save'));
    await waitFor(() => expect(saved).toBeDefined());
    expect(saved).toEqual({ menuIds: [11], permissionCodes: ['firmware:download', 'sysUser:page'] });
  });
});
