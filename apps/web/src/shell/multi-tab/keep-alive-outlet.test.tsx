import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLocale } from '@/lib/i18n';
import { renderRoutes } from '@/test/render-with-providers';
import { multiTabTestRoutes, stubResizeObserver } from './multi-tab-test-layout';

const counter = (name: string) => screen.getByTestId(`counter-${name}`);

const tabKeys = () =>
  [...document.querySelectorAll('[data-tab-key]')].map((label) => label.getAttribute('data-tab-key'));

function clickCounter(name: string, times: number) {
  for (let i = 0; i < times; i += 1) fireEvent.click(counter(name));
}

/** Hidden pages stay in the DOM with display:none (set by <Activity>). */
const isShown = (element: HTMLElement) => element.style.display !== 'none';

beforeEach(async () => {
  stubResizeObserver();
  await act(() => changeLocale('en-US'));
});

describe('KeepAliveOutlet', () => {
  it('keeps a page and its state after switching to another tab and back', async () => {
    const { router } = renderRoutes(multiTabTestRoutes(), '/a');
    clickCounter('a', 3);

    await act(() => router.navigate('/b'));
    expect(isShown(counter('a'))).toBe(false);
    expect(isShown(counter('b'))).toBe(true);
    clickCounter('b', 1);

    fireEvent.click(screen.getByTestId('tab-/a'));

    await waitFor(() => expect(isShown(counter('a'))).toBe(true));
    expect(counter('a').textContent).toBe('3');
    expect(isShown(counter('b'))).toBe(false);
    expect(counter('b').textContent).toBe('1');
  });

  it('keeps one page per full path when only the query differs', async () => {
    const { router } = renderRoutes(multiTabTestRoutes(), '/list?page=1');
    clickCounter('list', 2);

    await act(() => router.navigate('/list?page=2'));
    const [first, second] = screen.getAllByTestId('counter-list');
    expect([first?.textContent, second?.textContent]).toEqual(['2', '0']);

    await act(() => router.navigate('/list?page=1'));
    expect(
      screen
        .getAllByTestId('counter-list')
        .filter(isShown)
        .map((c) => c.textContent),
    ).toEqual(['2']);
  });

  it('tells each kept page the tab it belongs to, also two tabs of one path', async () => {
    const { router } = renderRoutes(multiTabTestRoutes(), '/list?kind=BIOS');
    await act(() => router.navigate('/list?kind=BMC'));
    const keptFor = () => screen.getAllByTestId('counter-list').map((c) => c.getAttribute('data-kept-for'));
    expect(keptFor()).toEqual(['/list?kind=BIOS', '/list?kind=BMC']);

    // Renamed in place, the page learns its new key.
    await act(() => router.navigate('/list?kind=BMC&q=M6', { replace: true }));
    expect(keptFor()).toEqual(['/list?kind=BIOS', '/list?kind=BMC&q=M6']);
  });

  it('keeps the page mounted when it rewrites its own query with replace', async () => {
    const { router } = renderRoutes(multiTabTestRoutes(), '/list?page=1');
    fireEvent.change(screen.getByTestId('note-list'), { target: { value: 'typed before' } });
    clickCounter('list', 2);

    await act(() => router.navigate('/list?page=2', { replace: true }));

    expect(screen.getAllByTestId('counter-list')).toHaveLength(1);
    expect(counter('list').textContent).toBe('2');
    expect((screen.getByTestId('note-list') as HTMLInputElement).value).toBe('typed before');
    expect(tabKeys()).toEqual(['/list?page=2']);
  });

  it('still opens a page of its own for a replace to another path', async () => {
    const { router } = renderRoutes(multiTabTestRoutes(), '/a');
    clickCounter('a', 2);

    await act(() => router.navigate('/b', { replace: true }));

    expect(tabKeys()).toEqual(['/a', '/b']);
    expect(counter('b').textContent).toBe('0');
    expect(counter('a').textContent).toBe('2');
  });

  it('keeps the renamed page when its new address was another tab, and drops that tab', async () => {
    const { router } = renderRoutes(multiTabTestRoutes(), '/list?page=1');
    await act(() => router.navigate('/list?page=2'));
    const [, second] = screen.getAllByTestId('counter-list');
    fireEvent.click(second!);
    fireEvent.click(second!);
    fireEvent.click(second!);

    await act(() => router.navigate('/list?page=1', { replace: true }));

    expect(tabKeys()).toEqual(['/list?page=1']);
    expect(screen.getAllByTestId('counter-list').map((c) => c.textContent)).toEqual(['3']);
  });

  it('drops a page when its tab closes, so reopening starts fresh', async () => {
    const { router } = renderRoutes(multiTabTestRoutes(), '/a');
    clickCounter('a', 2);
    await act(() => router.navigate('/b'));

    const closeA = screen.getAllByRole('button', { name: /remove/i })[0];
    fireEvent.click(closeA!);
    await waitFor(() => expect(screen.queryByTestId('counter-a')).toBeNull());

    await act(() => router.navigate('/a'));
    expect(counter('a').textContent).toBe('0');
  });

  it('renders a plain outlet without keeping pages when multi-tab is off', async () => {
    const { router } = renderRoutes(multiTabTestRoutes(false), '/a');
    clickCounter('a', 2);

    await act(() => router.navigate('/b'));
    expect(screen.queryByTestId('counter-a')).toBeNull();

    await act(() => router.navigate('/a'));
    expect(counter('a').textContent).toBe('0');
  });
});
