import { ErrorCode, type Webhook, type WebhookDelivery } from '@portal/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@/lib/format';
import { changeLocale } from '@/lib/i18n';
import { envelopeResponse, okResponse, stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render-with-providers';
import { setUpEachTest } from '@/test/test-hooks';
import { buildWebhook, buildWebhookDelivery } from '../test-data';
import { WebhooksSection } from './webhooks-section';

const SECRET = 'whsec_abcdefghijklmnopqrstuvwxyz012345';

/** The webhook routes over an in-memory list; answers every request but the list reads. */
function stubWebhookApi(initial: Webhook[], deliveries: WebhookDelivery[] = []) {
  let webhooks = initial;
  const requests: { method: string; path: string; body?: unknown }[] = [];
  const record = (url: URL, init: RequestInit) =>
    requests.push({
      method: init.method ?? 'GET',
      path: url.pathname,
      ...(init.body ? { body: JSON.parse(String(init.body)) } : {}),
    });
  stubFetch({
    '/api/sysUser/webhooks': (url, init) => {
      if (init.method !== 'POST') return okResponse(webhooks);
      record(url, init);
      const body = JSON.parse(String(init.body)) as Pick<Webhook, 'url' | 'events' | 'active'>;
      const created = buildWebhook({ id: 2, ...body });
      webhooks = [...webhooks, created];
      return okResponse({ ...created, secret: SECRET });
    },
    '/api/sysUser/webhooks/1': (url, init) => {
      record(url, init);
      const current = webhooks.find((webhook) => webhook.id === 1) ?? buildWebhook();
      if (init.method === 'DELETE') {
        webhooks = webhooks.filter((webhook) => webhook.id !== 1);
        return okResponse(current);
      }
      const changed = { ...current, ...(JSON.parse(String(init.body)) as Partial<Webhook>) };
      webhooks = webhooks.map((webhook) => (webhook.id === 1 ? changed : webhook));
      return okResponse(changed);
    },
    '/api/sysUser/webhooks/1/ping': (url, init) => {
      record(url, init);
      return okResponse(buildWebhookDelivery({ status: 'pending', attempts: 0 }));
    },
    '/api/sysUser/webhooks/1/deliveries': (url, init) => {
      record(url, init);
      return okResponse({ rows: deliveries, totalRows: deliveries.length, pageNo: 1 });
    },
  });
  return requests;
}

function renderSection() {
  // jsdom plays no CSS animation, and secrets are dropped once the closing motion is over.
  return renderWithProviders(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <WebhooksSection />
    </ConfigProvider>,
    { path: '/' },
  );
}

const rows = () => screen.queryAllByTestId('webhook-row');
const URL_1 = 'https://hooks.example.com/firmware';

setUpEachTest();

describe('WebhooksSection', () => {
  it('lists webhooks with translated events, their switch and the last delivery', async () => {
    stubWebhookApi([
      buildWebhook({
        lastDelivery: { event: 'ping', status: 'failed', createdAt: '2026-03-04T05:06:07.000Z' },
      }),
      buildWebhook({
        id: 3,
        url: 'https://other.example.com/h',
        events: ['version.recalled'],
        active: false,
      }),
    ]);
    renderSection();
    await waitFor(() => expect(rows()).toHaveLength(2));
    const [first, second] = rows() as [HTMLElement, HTMLElement];
    expect(first.textContent).toContain(URL_1);
    expect(first.textContent).toContain('Release published');
    expect(first.textContent).toContain('Version recalled');
    expect(first.textContent).not.toContain('release.published');
    const last = within(first).getByTestId('webhook-last-delivery');
    expect(last.textContent).toContain('Failed');
    expect(last.textContent).toContain('Test event');
    expect(last.textContent).toContain(formatDateTime('2026-03-04T05:06:07.000Z'));
    expect(
      within(first)
        .getByRole('switch', { name: `Webhook ${URL_1} active` })
        .getAttribute('aria-checked'),
    ).toBe('true');
    expect(second.textContent).toContain('No deliveries yet');
    expect(within(second).getByRole('switch').getAttribute('aria-checked')).toBe('false');
    expect(
      within(second).getByRole('button', { name: 'Send test event to https://other.example.com/h' }),
    ).toBeTruthy();
  });

  it('adds a webhook, shows its secret once with how to verify, and forgets it when closed', async () => {
    const requests = stubWebhookApi([]);
    renderSection();
    await screen.findByText('No webhooks yet');
    fireEvent.change(screen.getByLabelText('Payload URL'), {
      target: { value: '  https://ci.example.com/hook ' },
    });
    fireEvent.click(screen.getByRole('checkbox', { name: /Version recalled/ }));
    expect(screen.getByRole('checkbox', { name: /A version you downloaded is recalled/ })).toBeTruthy();
    fireEvent.click(screen.getByTestId('webhook-create'));

    const dialog = await screen.findByRole('dialog');
    expect(requests).toEqual([
      {
        method: 'POST',
        path: '/api/sysUser/webhooks',
        body: { url: 'https://ci.example.com/hook', events: ['version.recalled'], active: true },
      },
    ]);
    expect(within(dialog).getByRole('alert').textContent).toContain('will not be shown again');
    expect((within(dialog).getByLabelText('Signing secret') as HTMLInputElement).value).toBe(SECRET);
    const snippet = within(dialog).getByTestId('webhook-verify-snippet').textContent ?? '';
    expect(snippet).toContain("headers['x-portal-signature']");
    expect(snippet).toContain("createHmac('sha256', secret).update(`${timestamp}.${rawBody}`)");

    fireEvent.click(within(dialog).getByRole('button', { name: 'I have saved the secret' }));
    await waitFor(() => expect(screen.queryByDisplayValue(SECRET)).toBeNull());
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]?.textContent).not.toContain(SECRET);
  });

  it('asks for an http(s) address and an event before sending anything, and shows a refused address under it', async () => {
    const requests = stubWebhookApi([]);
    renderSection();
    fireEvent.click(screen.getByTestId('webhook-create'));
    await screen.findByText('Please enter the payload URL');
    await screen.findByText('Please choose at least one event');
    fireEvent.change(screen.getByLabelText('Payload URL'), { target: { value: 'ftp://example.com' } });
    await screen.findByText('Please enter an address starting with http:// or https://');
    expect(requests).toEqual([]);

    stubFetch({
      '/api/sysUser/webhooks': (_url, init) =>
        init.method === 'POST'
          ? envelopeResponse(
              { code: ErrorCode.WEBHOOK_URL_REFUSED, message: 'The host 10.0.0.1 is not a public address' },
              400,
            )
          : okResponse([]),
    });
    fireEvent.change(screen.getByLabelText('Payload URL'), { target: { value: 'http://10.0.0.1/hook' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /Release published/ }));
    fireEvent.click(screen.getByTestId('webhook-create'));
    await screen.findByText('The host 10.0.0.1 is not a public address');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

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

  it('speaks Chinese in Chinese', async () => {
    await act(() => changeLocale('zh-CN'));
    stubWebhookApi([
      buildWebhook({
        lastDelivery: { event: 'ping', status: 'delivered', createdAt: '2026-03-04T05:06:07.000Z' },
      }),
    ]);
    renderSection();
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]?.textContent).toContain('新版本发布');
    expect(rows()[0]?.textContent).toContain('已投递');
    expect(screen.getByRole('button', { name: '添加 Webhook' })).toBeTruthy();
  });
});
