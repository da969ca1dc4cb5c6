import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLocale } from '@/lib/i18n';
import { renderRoutes } from '@/test/render-with-providers';
import { multiTabTestRoutes, stubResizeObserver } from './multi-tab-test-layout';

const tabKeys = () =>
  [...document.querySelectorAll('[data-tab-key]')].map((label) => label.getAttribute('data-tab-key'));

/** Opens the pages in order, as a user following links would. */
async function renderWithTabs(...fullPaths: [string, ...string[]]) {
  const view = renderRoutes(multiTabTestRoutes(), fullPaths[0]);
  for (const fullPath of fullPaths.slice(1)) await act(() => view.router.navigate(fullPath));
  return view;
}

/** A menu that was closed stays in the DOM; jsdom never finishes its leave animation. */
const isClosing = (item: HTMLElement) =>
  /-hidden|-leave/.test(item.closest('.ant-dropdown')?.className ?? '');

/** Right-clicks a tab and picks a context-menu entry of the menu that opened. */
async function pickFromContextMenu(tabKey: string, entry: 'current' | 'right' | 'left' | 'all') {
  fireEvent.contextMenu(screen.getByTestId(`tab-${tabKey}`));
  const item = await waitFor(() => {
    const open = screen
      .getAllByTestId(`tab-menu-close-${entry}`)
      .filter((candidate) => !isClosing(candidate));
    expect(open).toHaveLength(1);
    return open[0];
  });
  fireEvent.click(item!);
}

beforeEach(async () => {
  stubResizeObserver();
  await act(() => changeLocale('en-US'));
});

describe('MultiTabBar', () => {
  it('opens a tab per visited full path, titled from getTitle with the path as fallback', async () => {
    await renderWithTabs('/a', '/b', '/list?page=1', '/list?page=2', '/a');

    expect(tabKeys()).toEqual(['/a', '/b', '/list?page=1', '/list?page=2']);
    expect(screen.getByTestId('tab-/a').textContent).toBe('Page A');
    expect(screen.getByTestId('tab-/list?page=2').textContent).toBe('/list?page=2');
  });

  it('renames the active tab in place when its page replaces its own query', async () => {
    const { router } = await renderWithTabs('/a', '/list?page=1', '/b', '/list?page=1');

    await act(() => router.navigate('/list?page=2', { replace: true }));

    expect(tabKeys()).toEqual(['/a', '/list?page=2', '/b']);
    expect(document.querySelector('.ant-tabs-tab-active [data-tab-key]')?.getAttribute('data-tab-key')).toBe(
      '/list?page=2',
    );
  });

  it('navigates to a tab when it is clicked', async () => {
    const { router } = await renderWithTabs('/a', '/list?page=1', '/b');
    fireEvent.click(screen.getByTestId('tab-/list?page=1'));
    await waitFor(() => expect(router.state.location.search).toBe('?page=1'));
    expect(router.state.location.pathname).toBe('/list');
  });

  it('has no close button on the only tab and refuses to close it from the menu', async () => {
    await renderWithTabs('/a');
    expect(screen.queryByRole('button', { name: /remove/i })).toBeNull();

    await pickFromContextMenu('/a', 'current');

    expect(await screen.findByText('This is the last tab and cannot be closed')).toBeTruthy();
    expect(tabKeys()).toEqual(['/a']);
  });

  it('warns when there is no tab on the left or on the right', async () => {
    await renderWithTabs('/a', '/b', '/c');

    await pickFromContextMenu('/a', 'left');
    expect(await screen.findByText('No tabs on the left')).toBeTruthy();
    await pickFromContextMenu('/c', 'right');
    expect(await screen.findByText('No tabs on the right')).toBeTruthy();
    expect(tabKeys()).toEqual(['/a', '/b', '/c']);
  });

  it('shows the spec texts in Chinese', async () => {
    await act(() => changeLocale('zh-CN'));
    await renderWithTabs('/a');

    await pickFromContextMenu('/a', 'current');
    expect(await screen.findByText('这是最后一个标签了, 无法被关闭')).toBeTruthy();
    await pickFromContextMenu('/a', 'left');
    expect(await screen.findByText('左侧没有标签')).toBeTruthy();
    await pickFromContextMenu('/a', 'right');
    expect(await screen.findByText('右侧没有标签')).toBeTruthy();
  });

  it('closes the tabs left or right of the right-clicked tab', async () => {
    await renderWithTabs('/a', '/b', '/c', '/list');

    await pickFromContextMenu('/c', 'right');
    await waitFor(() => expect(tabKeys()).toEqual(['/a', '/b', '/c']));
    await pickFromContextMenu('/b', 'left');
    await waitFor(() => expect(tabKeys()).toEqual(['/b', '/c']));
  });

  it('closes all but the right-clicked tab and shows it', async () => {
    const { router } = await renderWithTabs('/a', '/b', '/c');

    await pickFromContextMenu('/b', 'all');

    await waitFor(() => expect(tabKeys()).toEqual(['/b']));
    expect(router.state.location.pathname).toBe('/b');
  });

  it('selects the last remaining tab when the active tab is closed', async () => {
    const { router } = await renderWithTabs('/b', '/c', '/a');

    await pickFromContextMenu('/a', 'current');

    await waitFor(() => expect(router.state.location.pathname).toBe('/c'));
    expect(tabKeys()).toEqual(['/b', '/c']);
  });

  it('closes an inactive tab with its close button and stays on the page', async () => {
    const { router } = await renderWithTabs('/a', '/b', '/c');
    const closeButtons = screen.getAllByRole('button', { name: /remove/i });
    expect(closeButtons).toHaveLength(3);

    fireEvent.click(closeButtons[0]!);

    await waitFor(() => expect(tabKeys()).toEqual(['/b', '/c']));
    expect(router.state.location.pathname).toBe('/c');
  });

  it('starts over from the current page when the setting is switched off and on', async () => {
    const { router } = await renderWithTabs('/a', '/b');
    fireEvent.click(screen.getByTestId('toggle-multi-tab'));
    expect(tabKeys()).toEqual([]);
    await act(() => router.navigate('/c'));

    fireEvent.click(screen.getByTestId('toggle-multi-tab'));

    expect(tabKeys()).toEqual(['/c']);
  });
});
