import {
  type StaffWebhook,
  type StaffWebhookDelivery,
  USER_EDIT_PERMISSION,
  USER_PAGE_PERMISSION,
} from '@portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type AccessSubject, AccessProvider } from '@/lib/access';
import { okResponse, pagedRoute, stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render-with-providers';
import { setUpEachTest } from '@/test/test-hooks';
import { UserWebhooks } from './user-webhooks';

const staff = (...permissions: string[]): AccessSubject => ({ adminType: '2', permissions });

const hook = (input: Partial<StaffWebhook> = {}): StaffWebhook => ({
  id: 4,
  origin: 'https://hooks.example.com',
  events: ['release.published'],
  active: true,
  createdAt: '2026-03-01T08:00:00Z',
  lastDelivery: { event: 'release.published', status: 'failed', createdAt: '2026-03-02T08:00:00Z' },
  paused: null,
  ...input,
});

function renderFor(permissions: string[]) {
  return renderWithProviders(
    <AccessProvider user={staff(...permissions)}>
      <UserWebhooks userId={7} />
    </AccessProvider>,
    { path: '/' },
  );
}

const table = () => screen.getByTestId('user-webhooks');

setUpEachTest();

describe('UserWebhooks', () => {
  it('shows where each webhook sends, its events, state and last delivery, with no switch for read-only staff', async () => {
    stubFetch({ '/api/sysUser/7/webhooks': () => okResponse([hook()]) });
    renderFor([USER_PAGE_PERMISSION]);
    await waitFor(() => expect(table().textContent).toContain('https://hooks.example.com'));
    expect(table().textContent).toContain('Release published');
    expect(table().textContent).toContain('On');
    expect(table().textContent).toContain('Failed');
    expect(screen.queryByTestId('user-webhook-off')).toBeNull();
  });

  it('switches a webhook off with sysUser:edit after confirmation, on the staff route', async () => {
    const calls: string[] = [];
    let off = false;
    stubFetch({
      '/api/sysUser/7/webhooks': () => okResponse([hook({ active: !off })]),
      '/api/sysUser/7/webhooks/4/off': (url, init) => {
        calls.push(`${init.method} ${url.pathname}`);
        off = true;
        return okResponse(hook({ active: false }));
      },
    });
    renderFor([USER_PAGE_PERMISSION, USER_EDIT_PERMISSION]);
    const button = await screen.findByRole('button', {
      name: 'Switch off the webhook to https://hooks.example.com',
    });
    fireEvent.click(button);
    fireEvent.click(await screen.findByTestId('user-webhook-off-confirm'));
    await waitFor(() => expect(within(table()).getByText('Off')).toBeTruthy());
    expect(calls).toEqual(['POST /api/sysUser/7/webhooks/4/off']);
    // An inactive webhook has nothing to switch off.
    expect(screen.queryByTestId('user-webhook-off')).toBeNull();
  });

  it('opens the delivery log for read-only staff, on the staff route, with no bodies to open', async () => {
    const delivery: StaffWebhookDelivery = {
      id: 31,
      webhookId: 4,
      event: 'release.published',
      status: 'failed',
      attempts: 10,
      maxAttempts: 10,
      responseStatus: 500,
      lastError: { kind: 'http', detail: '500' },
      createdAt: '2026-03-02T08:00:00Z',
      lastAttemptAt: '2026-03-02T09:00:00Z',
      deliveredAt: null,
    };
    const fetchStub = stubFetch({
      '/api/sysUser/7/webhooks': () => okResponse([hook()]),
      '/api/sysUser/7/webhooks/4/deliveries': pagedRoute([delivery]),
    });
    renderFor([USER_PAGE_PERMISSION]);
    fireEvent.click(
      await screen.findByRole('button', { name: 'Delivery log of the webhook to https://hooks.example.com' }),
    );
    const log = await screen.findByTestId('webhook-deliveries');
    expect(log.textContent).toContain('Sends to: https://hooks.example.com');
    const row = await within(log).findByTestId('webhook-delivery-row');
    expect(row.textContent).toContain('Release published');
    expect(row.textContent).toContain('10 / 10');
    expect(row.textContent).toContain('HTTP 500');
    expect(within(log).queryByTestId('webhook-delivery-details')).toBeNull();
    const asked = fetchStub.mock.calls.map(([input]) => new URL(String(input), 'http://localhost').pathname);
    expect(asked).toContain('/api/sysUser/7/webhooks/4/deliveries');
    expect(asked.some((path) => path.startsWith('/api/sysUser/webhooks'))).toBe(false);
  });

  it('says when the user has none', async () => {
    stubFetch({ '/api/sysUser/7/webhooks': () => okResponse([]) });
    renderFor([USER_PAGE_PERMISSION]);
    await screen.findByText('This user has no webhooks');
  });
});
