import type { WebhookDelivery } from '@portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@/lib/format';
import { okResponse, stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render-with-providers';
import { setUpEachTest } from '@/test/test-hooks';
import { buildWebhook, buildWebhookDelivery } from '../test-data';
import { WebhookDeliveriesDrawer } from './webhook-deliveries-drawer';

// Opened from a webhook's row: webhooks-section.test.tsx. Here, what the log shows, rendered on
// its own (the section around it made each role query several times dearer in jsdom).

function stubDeliveries(deliveries: WebhookDelivery[]) {
  stubFetch({
    '/api/sysUser/webhooks/1/deliveries': () =>
      okResponse({ rows: deliveries, totalRows: deliveries.length, pageNo: 1 }),
  });
}

const noop = () => undefined;

function renderDrawer() {
  return renderWithProviders(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <WebhookDeliveriesDrawer webhook={buildWebhook()} open onClose={noop} afterClose={noop} />
    </ConfigProvider>,
    { path: '/' },
  );
}

setUpEachTest();

describe('WebhookDeliveriesDrawer', () => {
  it('shows the delivery log with translated states, attempts, answers and dates, and the body sent', async () => {
    stubDeliveries([
      buildWebhookDelivery({
        id: 9,
        event: 'release.published',
        status: 'failed',
        attempts: 10,
        responseStatus: null,
        lastError: { kind: 'timeout', detail: '' },
        deliveredAt: null,
      }),
      buildWebhookDelivery({
        id: 8,
        status: 'pending',
        attempts: 2,
        responseStatus: 500,
        lastError: { kind: 'http', detail: '500' },
        deliveredAt: null,
      }),
      buildWebhookDelivery(),
    ]);
    renderDrawer();
    await waitFor(() => expect(screen.queryAllByTestId('webhook-delivery-row')).toHaveLength(3));
    const [failed, pending, delivered] = screen.getAllByTestId('webhook-delivery-row') as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(failed.textContent).toContain('Release published');
    expect(failed.textContent).toContain('Failed');
    expect(failed.textContent).toContain('10 / 10');
    expect(failed.textContent).toContain('No answer within 10 seconds');
    expect(pending.textContent).toContain('Pending');
    expect(pending.textContent).toContain('HTTP 500');
    expect(delivered.textContent).toContain('Test event');
    expect(delivered.textContent).toContain('Delivered');
    expect(delivered.textContent).toContain('HTTP 204');
    expect(delivered.textContent).toContain(formatDateTime('2026-03-02T09:00:01.000Z'));
    expect(delivered.textContent).not.toContain('2026-03-02T');

    fireEvent.click(within(delivered).getByRole('button', { name: 'Details of delivery 7' }));
    const detail = await screen.findByTestId('webhook-delivery-payload');
    expect(detail.textContent).toBe(
      JSON.stringify(
        { id: '7', event: 'ping', createdAt: '2026-03-02T09:00:00.000Z', data: { webhookId: 1, ping: true } },
        null,
        2,
      ),
    );
  });
});
