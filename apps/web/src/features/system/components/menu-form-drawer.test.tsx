import { ErrorCode, type MenuAdminRow } from '@portal/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelopeResponse, okResponse, stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render-with-providers';
import { setUpEachTest } from '@/test/test-hooks';
import { MenuFormDrawer } from './menu-form-drawer';

const ROOT: MenuAdminRow = {
  id: 1,
  pid: 0,
  appCode: 'mirror',
  name: 'homePage',
  path: '/homePage',
  component: 'HomePage',
  redirect: null,
  icon: 'home',
  titleZh: '首页',
  titleEn: 'Home Page',
  show: true,
  hideChildren: false,
  target: null,
  link: null,
  sort: 1,
};

setUpEachTest();

const fill = (testId: string, value: string) => {
  const field = screen.getByTestId(testId);
  const input = field.tagName === 'INPUT' ? field : field.querySelector('input');
  if (!input) throw new Error(`no input in ${testId}`);
  fireEvent.change(input, { target: { value } });
};

describe('MenuFormDrawer', () => {
  it("sends the new menu under its parent and shows the server's field problems beside the fields", async () => {
    const sent: unknown[] = [];
    stubFetch({
      '/api/sysMenu/add': (_url, init) => {
        sent.push(JSON.parse(String(init.body)));
        return envelopeResponse(
          {
            code: ErrorCode.MENU_PATH_EXISTS,
            message: 'Path /homePage is already used by another menu of this application',
            data: [{ field: 'path', message: 'is already used' }],
          },
          409,
        );
      },
    });
    renderWithProviders(<MenuFormDrawer application="mirror" menus={[ROOT]} pid={1} onClose={() => {}} />, {
      path: '/',
    });
    fill('menu-title-zh', '常见问题');
    fill('menu-title-en', 'FAQ');
    fill('menu-name', 'faq');
    fill('menu-path', '/homePage');
    fill('menu-component', 'Welcome');
    fireEvent.click(screen.getByTestId('menu-save'));
    await screen.findByText('is already used');
    expect(sent).toEqual([
      expect.objectContaining({
        appCode: 'mirror',
        pid: 1,
        name: 'faq',
        path: '/homePage',
        component: 'Welcome',
        target: null,
        show: true,
      }),
    ]);
  });

  it('edits a menu with its current values', async () => {
    let sent: unknown;
    stubFetch({
      '/api/sysMenu/1': (_url, init) => {
        sent = JSON.parse(String(init.body));
        return okResponse({ ...ROOT, titleEn: 'Start' });
      },
    });
    renderWithProviders(
      <MenuFormDrawer application="mirror" menus={[ROOT]} menu={ROOT} pid={0} onClose={() => {}} />,
      { path: '/' },
    );
    fill('menu-title-en', 'Start');
    fireEvent.click(screen.getByTestId('menu-save'));
    await waitFor(() => expect(sent).toBeDefined());
    expect(sent).toMatchObject({
      appCode: 'mirror',
      pid: 0,
      path: '/homePage',
      titleEn: 'Start',
      target: null,
    });
  });
});
