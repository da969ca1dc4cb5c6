import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setUpEachTest } from '@/test/test-hooks';
import { buildWebhook, buildWebhookDelivery } from '../test-data';
import { renderSection, rows, stubWebhookApi, URL_1 } from './webhooks-section-fixture';

// Split from webhooks-section.test.tsx: what a webhook's row does (switch, edit, delete, test event, delivery log).

setUpEachTest();

describe('WebhooksSection rows', () => {
  it('switches a webhook off, edits its events, and deletes it after confirmation', async () => {
    const requests = stubWebhookApi([buildWebhook()]);
    renderSection();
    await waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.click(screen.getByRole('switch', { name: `Webhook ${URL_1} active` }));
    await screen.findByText('Webhook switched off');
    await waitFor(() =>
      expect(
        screen.getByRole('switch', { name: `Webhook ${URL_1} active` }).getAttribute('aria-checked'),
      ).toBe('false'),
    );

    fireEvent.click(screen.getByRole('button', { name: `Edit webhook ${URL_1}` }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Version recalled/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('Webhook saved');
    await waitFor(() => expect(rows()[0]?.textContent).not.toContain('Version recalled'));

    fireEvent.click(screen.getByRole('button', { name: `Delete webhook ${URL_1}` }));
    await screen.findByText(/Delete this webhook and its delivery log\?/);
    fireEvent.click(screen.getByTestId('webhook-delete-confirm'));
    await screen.findByText('Webhook deleted');
    await screen.findByText('No webhooks yet');

    expect(requests).toEqual([
      { method: 'PUT', path: '/api/sysUser/webhooks/1', body: { active: false } },
      {
        method: 'PUT',
        path: '/api/sysUser/webhooks/1',
        body: { events: ['release.published'], active: false },
      },
      { method: 'DELETE', path: '/api/sysUser/webhooks/1' },
    ]);
  });

  it('sends a test event and says where to see the result', async () => {
    const requests = stubWebhookApi([buildWebhook()]);
    renderSection();
    await waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: `Send test event to ${URL_1}` }));
    await screen.findByText('Test event queued: see the delivery log for the result');
    expect(requests).toEqual([{ method: 'POST', path: '/api/sysUser/webhooks/1/ping' }]);
  });

  it('opens the delivery log of a webhook from its row', async () => {
    // What the log shows is webhook-deliveries-drawer.test.tsx's; here, that the row opens it.
    const requests = stubWebhookApi(
      [buildWebhook()],
      [buildWebhookDelivery(), buildWebhookDelivery({ id: 8 })],
    );
    renderSection();
    await waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: `Delivery log of ${URL_1}` }));
    await waitFor(() => expect(screen.queryAllByTestId('webhook-delivery-row')).toHaveLength(2));
    expect(requests.map((request) => request.path)).toContain('/api/sysUser/webhooks/1/deliveries');
  });
});
