import type { ApiToken, ApiTokenCreated } from '@portal/contract';

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
