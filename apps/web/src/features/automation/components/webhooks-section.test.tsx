import { ErrorCode } from '@portal/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@/lib/format';
import { changeLocale } from '@/lib/i18n';
import { envelopeResponse, okResponse, stubFetch } from '@/test/fetch-stub';
import { setUpEachTest } from '@/test/test-hooks';
import { buildWebhook } from '../test-data';
import { renderSection, rows, SECRET, stubWebhookApi, URL_1 } from './webhooks-section-fixture';

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
