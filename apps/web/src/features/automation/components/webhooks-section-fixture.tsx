import type { Webhook, WebhookDelivery } from '@portal/contract';
import { screen } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { okResponse, stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render-with-providers';
import { buildWebhook, buildWebhookDelivery } from '../test-data';
import { WebhooksSection } from './webhooks-section';

/* The webhooks section as its tests open it (webhooks-section.test.tsx, webhook-row-actions.test.tsx). */

export const SECRET = 'whsec_abcdefghijklmnopqrstuvwxyz012345';

/** The webhook routes over an in-memory list; answers every request but the list reads. */
export function stubWebhookApi(initial: Webhook[], deliveries: WebhookDelivery[] = []) {
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

export function renderSection() {
  // jsdom plays no CSS animation, and secrets are dropped once the closing motion is over.
  return renderWithProviders(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <WebhooksSection />
    </ConfigProvider>,
    { path: '/' },
  );
}

export const rows = () => screen.queryAllByTestId('webhook-row');
export const URL_1 = 'https://hooks.example.com/firmware';
