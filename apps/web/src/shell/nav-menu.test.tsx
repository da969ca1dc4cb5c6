import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
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

  it('marks the current page and opens the group leading to it; a group opens and closes in place', () => {
    renderWithProviders(<NavMenu menu={menu} mode="inline" theme="light" />, { path: '/system/user' });
    const users = screen.getByRole('link', { name: 'Users' });
    expect(users.getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Console' }).getAttribute('aria-current')).toBeNull();
    const group = screen.getByRole('button', { name: 'System' });
    expect(group.getAttribute('aria-expanded')).toBe('true');

    fireEvent.click(group);
    expect(group.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('link', { name: 'Users' })).toBeNull();
    fireEvent.click(group);
    expect(screen.getByRole('link', { name: 'Users' })).toBeTruthy();
  });

  it.each([
    ['horizontal', false],
    ['inline', true],
  ] as const)('in a %s menu (collapsed: %s) a group opens a popup that Escape closes', (mode, collapsed) => {
    renderWithProviders(<NavMenu menu={menu} mode={mode} theme="dark" collapsed={collapsed} />, {
      path: '/welcome',
    });
    const group = screen.getByRole('button', { name: 'System' });
    expect(group.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(group);
    expect(group.getAttribute('aria-expanded')).toBe('true');
    const users = screen.getByRole('link', { name: 'Users' });
    expect(document.getElementById(group.getAttribute('aria-controls') ?? '')?.contains(users)).toBe(true);

    users.focus();
    fireEvent.keyDown(users, { key: 'Escape' });
    expect(group.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(group);
  });

  it('closes a popup when the focus leaves it, and names the entries of a collapsed menu in a tooltip', () => {
    renderWithProviders(
      <>
        <NavMenu menu={menu} mode="inline" theme="light" collapsed />
        <button type="button">after</button>
      </>,
      { path: '/welcome' },
    );
    expect(screen.getByRole('link', { name: 'Console' }).getAttribute('title')).toBe('Console');
    const group = screen.getByRole('button', { name: 'System' });
    fireEvent.click(group);
    const users = screen.getByRole('link', { name: 'Users' });
    fireEvent.blur(group, { relatedTarget: users });
    expect(group.getAttribute('aria-expanded')).toBe('true');
    fireEvent.blur(users, { relatedTarget: screen.getByRole('button', { name: 'after' }) });
    expect(group.getAttribute('aria-expanded')).toBe('false');
  });

  it('closes a popup on a click elsewhere', () => {
    renderWithProviders(<NavMenu menu={menu} mode="horizontal" theme="light" />, { path: '/welcome' });
    const group = screen.getByRole('button', { name: 'System' });
    fireEvent.click(group);
    expect(group.getAttribute('aria-expanded')).toBe('true');
    fireEvent.mouseDown(document.body);
    expect(group.getAttribute('aria-expanded')).toBe('false');
  });

  it('moves an open popup with its group when the window is resized or the menu scrolls', () => {
    renderWithProviders(<NavMenu menu={menu} mode="horizontal" theme="light" />, { path: '/welcome' });
    const group = screen.getByRole('button', { name: 'System' });
    let left = 100;
    group.getBoundingClientRect = () => ({ top: 0, bottom: 48, left, right: left + 80 }) as DOMRect;
    fireEvent.click(group);
    const popup = document.getElementById(group.getAttribute('aria-controls') ?? '');
    expect(popup?.style.left).toBe('100px');
    left = 40;
    act(() => void window.dispatchEvent(new Event('resize')));
    expect(popup?.style.left).toBe('40px');
    expect(popup?.style.top).toBe('48px');

    // The menu's row scrolled sideways (a scroll event reaches no parent: it does not bubble).
    left = -20;
    act(() => void group.closest('ul')?.dispatchEvent(new Event('scroll')));
    expect(popup?.style.left).toBe('-20px');
  });

  it('folds the top-menu entries that do not fit into a last "…" group, as antd does', () => {
    // jsdom lays nothing out: every entry 100px wide, the row 250px (two entries and "…" do not fit).
    const widths = vi
      .spyOn(HTMLElement.prototype, 'getBoundingClientRect')
      .mockReturnValue(new DOMRect(0, 0, 100, 46));
    const row = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(250);
    try {
      renderWithProviders(<NavMenu menu={menu} mode="horizontal" theme="light" />, { path: '/system/user' });
      expect(screen.getByRole('link', { name: 'Console' })).toBeTruthy();
      expect(screen.queryByRole('link', { name: 'Docs' })).toBeNull();
      const more = screen.getByRole('button', { name: 'More menu entries' });
      // The page shown is inside the fold: "…" is marked as leading to it.
      expect(more.closest('li')?.className).toContain('inTrail');
      fireEvent.click(more);
      expect(screen.getByRole('link', { name: 'Docs' })).toBeTruthy();
      // Its folded group opens in place, already open on the way to the page shown.
      expect(screen.getByRole('button', { name: 'System' }).getAttribute('aria-expanded')).toBe('true');
      expect(screen.getByRole('link', { name: 'Users' }).getAttribute('aria-current')).toBe('page');
    } finally {
      widths.mockRestore();
      row.mockRestore();
    }
  });
});
