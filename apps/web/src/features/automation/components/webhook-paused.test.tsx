import type { StaffWebhook } from '@portal/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AccessProvider } from '@/lib/access';
import { formatDateTime } from '@/lib/format';
import { changeLocale } from '@/lib/i18n';
import { okResponse, stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render-with-providers';
import { setUpEachTest } from '@/test/test-hooks';
import { buildWebhook } from '../test-data';
import { UserWebhooks } from './user-webhooks';
import { WebhooksSection } from './webhooks-section';

const PAUSED = {
  failingSince: '2026-03-04T05:06:07.000Z',
  failures: 10,
  retryAt: '2026-03-04T05:20:00.000Z',
};

const row = () => screen.getByTestId('webhook-row');

setUpEachTest();

/** A webhook paused by its circuit breaker (issue 32), as its owner and support see it. */
describe('a paused webhook', () => {
  it('says since when it fails and when it is tried next, in both languages', async () => {
    stubFetch({
      '/api/sysUser/webhooks': () =>
        okResponse([
          buildWebhook({
            paused: PAUSED,
            lastDelivery: { event: 'release.published', status: 'pending', createdAt: PAUSED.retryAt },
          }),
        ]),
    });
    renderWithProviders(<WebhooksSection />, { path: '/' });
    await waitFor(() => expect(screen.getByTestId('webhook-paused')).toBeTruthy());
    const paused = within(row()).getByTestId('webhook-paused');
    expect(paused.textContent).toContain(`Paused: failing since ${formatDateTime(PAUSED.failingSince)}`);
    expect(paused.textContent).toContain('10 failed attempts in a row; deliveries wait.');
    expect(paused.textContent).toContain(`Next try ${formatDateTime(PAUSED.retryAt)}`);
    // The last delivery is still shown beside it.
    expect(within(row()).getByTestId('webhook-last-delivery').textContent).toContain('Pending');

    await act(() => changeLocale('zh-CN'));
    await waitFor(() =>
      expect(within(row()).getByTestId('webhook-paused').textContent).toContain(
        `已暂停：自 ${formatDateTime(PAUSED.failingSince)} 起投递失败`,
      ),
    );
    expect(within(row()).getByTestId('webhook-paused').textContent).toContain('已连续失败 10 次');
  });

  it('shows nothing of the kind for a webhook that works, and offers no test event to one switched off', async () => {
    stubFetch({ '/api/sysUser/webhooks': () => okResponse([buildWebhook({ active: false })]) });
    renderWithProviders(<WebhooksSection />, { path: '/' });
    await waitFor(() => expect(screen.getByTestId('webhook-row')).toBeTruthy());
    expect(screen.queryByTestId('webhook-paused')).toBeNull();
    const ping = within(row()).getByRole('button', {
      name: 'Send test event to https://hooks.example.com/firmware',
    });
    expect(ping.hasAttribute('disabled')).toBe(true);
  });

  it('is shown to support too', async () => {
    const { url: _url, ...webhook } = buildWebhook({ id: 4, paused: PAUSED });
    const staffView: StaffWebhook = { ...webhook, origin: 'https://hooks.example.com' };
    stubFetch({ '/api/sysUser/7/webhooks': () => okResponse([staffView]) });
    renderWithProviders(
      <AccessProvider user={{ adminType: '2', permissions: ['sysUser:page'] }}>
        <UserWebhooks userId={7} />
      </AccessProvider>,
      { path: '/' },
    );
    await waitFor(() =>
      expect(screen.getByTestId('webhook-paused').textContent).toContain(
        `Paused: failing since ${formatDateTime(PAUSED.failingSince)}`,
      ),
    );
  });
});
