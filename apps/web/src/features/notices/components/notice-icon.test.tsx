import type { Notice, NoticePage } from '@portal/contract';
import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { NOTICE_POPOVER } from '@/config/console';
import { installFakeNotifier } from '@/test/fake-notifier';
import { envelopeResponse, fetchedPaths, okResponse, stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render-with-providers';
import { advance, setUpEachTest } from '@/test/test-hooks';
import { NoticeIcon } from './notice-icon';

function buildNotice(overrides: Partial<Notice> = {}): Notice {
  return {
    id: 1,
    type: 'notice',
    title: 'Firmware BMC 2.1 released',
    content: '',
    createTime: '2024-05-01T08:00:00.000Z',
    read: false,
    ...overrides,
  };
}

/** A tiny in-memory notice store behind GET /api/notices and POST /api/notices/read. */
function stubNoticeApi(rows: Notice[]) {
  const unread = () => rows.filter((notice) => !notice.read).length;
  const page = (): NoticePage => ({ rows, totalRows: rows.length, pageNo: 1, unread: unread() });
  return stubFetch({
    '/api/notices': () => okResponse(page()),
    '/api/notices/read': (_url, init) => {
      const body = JSON.parse(String(init.body)) as { ids?: number[]; all?: boolean };
      const targets = rows.filter((notice) => !notice.read && (body.all || body.ids?.includes(notice.id)));
      rows = rows.map((notice) => (targets.includes(notice) ? { ...notice, read: true } : notice));
      return okResponse({ updated: targets.length, unread: unread() });
    },
  });
}

const badgeCount = () => screen.getByTestId('notice-badge-count').textContent;
const postedBodies = (fetchStub: ReturnType<typeof stubFetch>) =>
  fetchStub.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)));

/** Renders the bell, waits for the first count, then opens the popover and lets it refresh. */
async function renderAndOpen() {
  renderWithProviders(<NoticeIcon />, { path: '/' });
  await advance(0);
  fireEvent.click(screen.getByTestId('notice-icon'));
  await advance(0);
}

/** antd's popover measures itself with ResizeObserver, which jsdom lacks; no test needs sizes. */
class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

setUpEachTest({ fakeTimers: true });
beforeEach(() => {
  vi.stubGlobal('ResizeObserver', NoResizeObserver);
});

describe('NoticeIcon', () => {
  it('shows the unread count from the server on the bell', async () => {
    stubNoticeApi([buildNotice({ id: 1 }), buildNotice({ id: 2 }), buildNotice({ id: 3, read: true })]);
    renderWithProviders(<NoticeIcon />, { path: '/' });
    await advance(0);

    expect(badgeCount()).toBe('2');
    expect(screen.getByTestId('notice-icon').getAttribute('aria-label')).toBe('Notifications, 2 unread');
  });

  it('refreshes the count every minute', async () => {
    const fetchStub = stubNoticeApi([buildNotice()]);
    renderWithProviders(<NoticeIcon />, { path: '/' });
    await advance(0);
    expect(fetchedPaths(fetchStub)).toEqual(['/api/notices']);

    await advance(NOTICE_POPOVER.refreshMs);
    expect(fetchedPaths(fetchStub)).toEqual(['/api/notices', '/api/notices']);
  });

  it('shows the polled page at once on opening and the newest when it comes, a spinner in the header meanwhile', async () => {
    let rows = [
      buildNotice({ id: 1, title: 'Unread notice' }),
      buildNotice({ id: 2, title: 'Read notice', read: true }),
    ];
    let answerRefresh: () => void = () => {};
    const page = (): NoticePage => ({ rows, totalRows: rows.length, pageNo: 1, unread: 1 });
    const fetchStub = stubFetch({
      '/api/notices': () =>
        fetchStub.mock.calls.length === 1
          ? okResponse(page())
          : new Promise<Response>((resolve) => {
              answerRefresh = () => resolve(okResponse(page()));
            }),
    });
    renderWithProviders(<NoticeIcon />, { path: '/' });
    await advance(0);
    rows = [buildNotice({ id: 3, title: 'Newer notice' }), ...rows];

    fireEvent.click(screen.getByTestId('notice-icon'));
    await advance(0);
    expect(screen.getByTestId('notice-popover').closest<HTMLElement>('.ant-popover')?.style.width).toBe(
      '300px',
    );
    // What the bell already had is readable at once, while the newest page is asked for.
    expect(fetchedPaths(fetchStub)).toEqual(['/api/notices', '/api/notices']);
    expect(screen.queryByTestId('notice-loading')).toBeNull();
    expect(screen.getByTestId('notice-refreshing').getAttribute('aria-label')).toBe(
      'Checking for new notifications',
    );
    expect(screen.getAllByTestId('notice-item').map((item) => item.textContent)).toEqual([
      expect.stringContaining('Unread notice'),
      expect.stringContaining('Read notice'),
    ]);

    answerRefresh();
    await advance(0);
    expect(screen.queryByTestId('notice-refreshing')).toBeNull();
    const items = screen.getAllByTestId('notice-item');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Newer notice'),
      expect.stringContaining('Unread notice'),
      expect.stringContaining('Read notice'),
    ]);
    expect(items.map((item) => item.dataset.read)).toEqual(['false', 'false', 'true']);
  });

  it('shows a spinner in place of the list until the first page has come', async () => {
    let answer: () => void = () => {};
    stubFetch({
      '/api/notices': () =>
        new Promise<Response>((resolve) => {
          answer = () => resolve(okResponse({ rows: [buildNotice()], totalRows: 1, pageNo: 1, unread: 1 }));
        }),
    });
    renderWithProviders(<NoticeIcon initiallyOpen />, { path: '/' });
    await advance(0);
    expect(screen.getByTestId('notice-loading')).toBeTruthy();
    expect(screen.queryAllByTestId('notice-item')).toHaveLength(0);

    answer();
    await advance(0);
    expect(screen.queryByTestId('notice-loading')).toBeNull();
    expect(screen.getAllByTestId('notice-item')).toHaveLength(1);
  });

  it('marks every notice read and clears the badge', async () => {
    const fetchStub = stubNoticeApi([buildNotice({ id: 1 }), buildNotice({ id: 2 })]);
    await renderAndOpen();
    expect(badgeCount()).toBe('2');

    fireEvent.click(screen.getByTestId('notice-mark-all'));
    await advance(0);

    expect(postedBodies(fetchStub)).toEqual([{ all: true }]);
    expect(badgeCount()).toBe('0');
    expect(screen.getAllByTestId('notice-item').map((item) => item.dataset.read)).toEqual(['true', 'true']);
    expect((screen.getByTestId('notice-mark-all') as HTMLButtonElement).disabled).toBe(true);
  });

  it('marks a clicked unread notice read, and sends nothing for a read one', async () => {
    const fetchStub = stubNoticeApi([buildNotice({ id: 7 }), buildNotice({ id: 8, read: true })]);
    await renderAndOpen();

    const [unread, read] = screen.getAllByTestId('notice-item');
    fireEvent.click(read as HTMLElement);
    fireEvent.click(unread as HTMLElement);
    await advance(0);

    expect(postedBodies(fetchStub)).toEqual([{ ids: [7] }]);
    expect(badgeCount()).toBe('0');
  });

  it('shows a clicked notice whole in a dialog, a recall reason on its own line (issue 18 §3)', async () => {
    const content =
      'You downloaded BMC 2.1. It has been recalled.\nReason: bricks the board on M7\nPlease stop.';
    stubNoticeApi([buildNotice({ id: 9, title: 'Recalled: BMC 2.1', content })]);
    await renderAndOpen();

    fireEvent.click(screen.getByTestId('notice-item'));
    await advance(0);

    const body = screen.getByTestId('notice-detail-body');
    expect(body.textContent).toContain(content);
    expect(body.textContent).toContain('Posted ');
    expect(screen.getAllByText('Recalled: BMC 2.1').length).toBeGreaterThan(0);
    expect(badgeCount()).toBe('0');
  });

  it('says so when there are no notices', async () => {
    stubNoticeApi([]);
    await renderAndOpen();

    expect(screen.getByText('No notifications')).toBeTruthy();
    expect(badgeCount()).toBe('0');
  });

  it('shows a load failure inside the popover instead of a toast', async () => {
    const notifier = installFakeNotifier();
    stubFetch({ '/api/notices': () => envelopeResponse({}, 500) });
    await renderAndOpen();

    expect(screen.getByText('Failed to load notifications')).toBeTruthy();
    expect(badgeCount()).toBe('0');
    expect(notifier.message.error).not.toHaveBeenCalled();
  });
});
