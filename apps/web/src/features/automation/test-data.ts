import type { ApiToken, ApiTokenCreated, Webhook, WebhookDelivery } from '@portal/contract';

/** A token as the list answers it: active, never used, unless overridden. */
export function buildApiToken(overrides: Partial<ApiToken> = {}): ApiToken {
  return {
    id: 1,
    name: 'Rack A',
    prefix: 'fwp_ab12',
    scopes: ['catalog:read'],
    createdAt: '2026-03-01T08:00:00.000Z',
    expiresAt: '2026-05-30T08:00:00.000Z',
    lastUsedAt: null,
    lastUsedIp: null,
    revokedAt: null,
    revokedReason: null,
    state: 'active',
    ...overrides,
  };
}

/** The creation answer: the token and, this once, its secret. */
export function buildCreatedApiToken(overrides: Partial<ApiTokenCreated> = {}): ApiTokenCreated {
  return { ...buildApiToken(), token: 'fwp_ab12cdefghijklmnopqrstuvwxyz0123456789', ...overrides };
}

/** A webhook as the list answers it: both events, active, never delivered, unless overridden. */
export function buildWebhook(overrides: Partial<Webhook> = {}): Webhook {
  return {
    id: 1,
    url: 'https://hooks.example.com/firmware',
    events: ['release.published', 'version.recalled'],
    active: true,
    createdAt: '2026-03-01T08:00:00.000Z',
    lastDelivery: null,
    paused: null,
    ...overrides,
  };
}

/** A delivery of the log: a delivered ping unless overridden. */
export function buildWebhookDelivery(overrides: Partial<WebhookDelivery> = {}): WebhookDelivery {
  return {
    id: 7,
    webhookId: 1,
    event: 'ping',
    status: 'delivered',
    attempts: 1,
    maxAttempts: 10,
    responseStatus: 204,
    lastError: null,
    createdAt: '2026-03-02T09:00:00.000Z',
    lastAttemptAt: '2026-03-02T09:00:01.000Z',
    deliveredAt: '2026-03-02T09:00:01.000Z',
    payload: {
      id: '7',
      event: 'ping',
      createdAt: '2026-03-02T09:00:00.000Z',
      data: { webhookId: 1, ping: true },
    },
    ...overrides,
  };
}
