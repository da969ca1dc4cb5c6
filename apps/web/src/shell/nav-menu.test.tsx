import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildMenuTree, visibleMenu } from '@/lib/menu-tree';
import { buildMenuNode } from '@/test/factories';
import { renderWithProviders } from '@/test/render-with-providers';
import { NavMenu } from './nav-menu';

const menu = visibleMenu(
  buildMenuTree([
    buildMenuNode({ id: 1, path: '/welcome', meta: { title: 'Console', icon: 'dashboard' } }),
    buildMenuNode({ id: 2, path: 'https://docs.example', meta: { title: 'Docs', target: '_blank' } }),
    buildMenuNode({ id: 3, path: '/secret', meta: { title: 'Secret', show: false } }),
    buildMenuNode({ id: 4, path: '/system', component: 'RouteView', meta: { title: 'System' } }),
    buildMenuNode({ id: 5, pid: 4, path: '/system/user', meta: { title: 'Users' } }),
  ]),
);

describe('NavMenu', () => {
  it('links pages, opens external links in a new window and leaves hidden routes out', () => {
    renderWithProviders(<NavMenu menu={menu} mode="inline" theme="light" />, { path: '/welcome' });
    expect(screen.getByRole('link', { name: 'Console' }).getAttribute('href')).toBe('/welcome');
    const docs = screen.getByRole('link', { name: 'Docs' });
    expect(docs.getAttribute('href')).toBe('https://docs.example');
    expect(docs.getAttribute('target')).toBe('_blank');
    expect(docs.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.queryByText('Secret')).toBeNull();
  });

  it('selects the current page and opens the sub-menu leading to it', () => {
    renderWithProviders(<NavMenu menu={menu} mode="inline" theme="light" />, { path: '/system/user' });
    const users = screen.getByRole('link', { name: 'Users' });
    expect(users.closest('li')?.className).toContain('ant-menu-item-selected');
  });
});
