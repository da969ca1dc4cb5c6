import { ErrorCode, type FeedTokenStatus } from '@portal/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '@/lib/format';
import { changeLocale } from '@/lib/i18n';
import { envelopeResponse, okResponse, stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render-with-providers';
import { setUpEachTest } from '@/test/test-hooks';
import { FeedsSection } from './feeds-section';

const MODELS = [
  { id: 1, code: 'M7-2U', family: 'M7', name: 'M7 2U rack server' },
  { id: 2, code: 'M6-1U', family: 'M6', name: 'M6 1U rack server' },
];
const FEED_URL = 'http://portal.example/api/feeds/releases.atom?token=fwf_secret123';
const NONE: FeedTokenStatus = { active: false, createdAt: null, lastUsedAt: null };

/** The catalogue's models and the three feed token routes over one status; answers what was called. */
function stubFeedApi(initial: FeedTokenStatus) {
  let status = initial;
  const calls: string[] = [];
  stubFetch({
    '/api/catalog/models': () => okResponse(MODELS),
    '/api/sysUser/feedToken': (_url, init) => {
      const method = init.method ?? 'GET';
      if (method !== 'GET') calls.push(method);
      if (method === 'POST') {
        status = { active: true, createdAt: '2026-03-01T08:00:00.000Z', lastUsedAt: null };
        return okResponse({ ...status, token: 'fwf_secret123', feedUrl: FEED_URL });
      }
      if (method === 'DELETE') status = NONE;
      return okResponse(status);
    },
  });
  return calls;
}

function renderSection() {
  // jsdom plays no CSS animation, and the URL is dropped once the closing motion is over.
  return renderWithProviders(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <FeedsSection />
    </ConfigProvider>,
    { path: '/' },
  );
}

const publicUrl = () => (screen.getByTestId('public-feed-url') as HTMLInputElement).value;

/** Picks `label` in the antd select of `testId`. */
async function choose(testId: string, label: string) {
  fireEvent.mouseDown(within(screen.getByTestId(testId)).getByRole('combobox'));
  fireEvent.click(await screen.findByTitle(label));
}

setUpEachTest();

describe('FeedsSection', () => {
  it('builds the public feed URL from a model, a translated kind and a part number', async () => {
    stubFeedApi(NONE);
    renderSection();
    expect(screen.getByTestId('feeds-intro').textContent).toContain('Atom');
    const origin = window.location.origin;
    expect(publicUrl()).toBe(`${origin}/api/feeds/releases.atom?locale=en-US`);

    await choose('public-feed-model', 'M7-2U M7 2U rack server');
    await choose('public-feed-kind', 'PCIe card firmware');
    fireEvent.change(screen.getByTestId('public-feed-pn'), { target: { value: 'PN-NIC-25G-2P' } });
    await waitFor(() =>
      expect(publicUrl()).toBe(
        `${origin}/api/feeds/releases.atom?model=M7-2U&kind=PCIE&pn=PN-NIC-25G-2P&locale=en-US`,
      ),
    );
    expect(screen.getByRole('link', { name: 'Open feed' }).getAttribute('href')).toBe(publicUrl());

    // A part number the feed would refuse is explained and left out of the address.
    fireEvent.change(screen.getByTestId('public-feed-pn'), { target: { value: 'PN 1' } });
    await screen.findByText('A part number holds only letters, digits and . _ / -');
    expect(publicUrl()).not.toContain('pn=');
  });

  it('copies the public feed URL', async () => {
    stubFeedApi(NONE);
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderSection();
    fireEvent.click(screen.getByRole('button', { name: 'Copy feed URL' }));
    await screen.findByText('Copied to the clipboard');
    expect(writeText).toHaveBeenCalledWith(publicUrl());
  });

  it('creates the private feed URL, shows it once, then shows since when it is active', async () => {
    const calls = stubFeedApi(NONE);
    renderSection();
    await screen.findByText('Not created');
    fireEvent.click(screen.getByRole('button', { name: 'Create private feed URL' }));

    const dialog = await screen.findByRole('dialog');
    expect(calls).toEqual(['POST']);
    expect(within(dialog).getByRole('alert').textContent).toContain('will not be shown again');
    expect((within(dialog).getByLabelText('Private feed URL') as HTMLInputElement).value).toBe(FEED_URL);
    fireEvent.click(within(dialog).getByRole('button', { name: 'I have saved the URL' }));
    await waitFor(() => expect(screen.queryByDisplayValue(FEED_URL)).toBeNull());

    const status = await screen.findByTestId('private-feed-status');
    await waitFor(() =>
      expect(status.textContent).toContain(`Active since ${formatDateTime('2026-03-01T08:00:00.000Z')}`),
    );
    expect(status.textContent).toContain('Not used yet');
    expect(status.textContent).not.toContain('2026-03-01T');
    // The focus is back on the section's main button (Replace, now).
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('private-feed-replace')));
  });

  it('replaces the URL only after confirmation that the old one stops working', async () => {
    const calls = stubFeedApi({
      active: true,
      createdAt: '2026-03-01T08:00:00.000Z',
      lastUsedAt: '2026-03-03T10:00:00.000Z',
    });
    renderSection();
    await waitFor(() =>
      expect(screen.getByTestId('private-feed-status').textContent).toContain(
        `Last used ${formatDateTime('2026-03-03T10:00:00.000Z')}`,
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Replace URL' }));
    await screen.findByText(/The current URL stops working at once/);
    expect(calls).toEqual([]);
    fireEvent.click(screen.getByTestId('private-feed-replace-confirm'));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText('Private feed URL') as HTMLInputElement).value).toBe(FEED_URL);
    expect(calls).toEqual(['POST']);
  });

  it('revokes the private feed after confirmation', async () => {
    const calls = stubFeedApi({ active: true, createdAt: '2026-03-01T08:00:00.000Z', lastUsedAt: null });
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke' }));
    await screen.findByText(/Feed readers using it get nothing from now on/);
    fireEvent.click(screen.getByTestId('private-feed-revoke-confirm'));
    await screen.findByText('Private feed URL revoked');
    await screen.findByText('Not created');
    expect(calls).toEqual(['DELETE']);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('private-feed-create')));
  });

  it("shows the server's refusal in the user's language", async () => {
    stubFetch({
      '/api/catalog/models': () => okResponse(MODELS),
      '/api/sysUser/feedToken': (_url, init) =>
        init.method === 'POST'
          ? envelopeResponse(
              { code: ErrorCode.TOO_MANY_REQUESTS, message: 'Too many requests: try again later' },
              429,
            )
          : okResponse(NONE),
    });
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Create private feed URL' }));
    await screen.findByText('Too many requests: try again later');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('speaks Chinese in Chinese, kinds named as the console names them', async () => {
    await act(() => changeLocale('zh-CN'));
    stubFeedApi(NONE);
    renderSection();
    await screen.findByText('未创建');
    expect(screen.getByRole('button', { name: '创建私有订阅源地址' })).toBeTruthy();
    expect(publicUrl()).toContain('locale=zh-CN');
    fireEvent.mouseDown(within(screen.getByTestId('public-feed-kind')).getByRole('combobox'));
    await screen.findByTitle('PCIe 卡固件');
  });
});
