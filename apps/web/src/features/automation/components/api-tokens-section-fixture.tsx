import type { ApiToken } from '@portal/contract';
import { screen } from '@testing-library/react';
import { okResponse, stubFetch } from '@/test/fetch-stub';
import { buildCreatedApiToken } from '../test-data';

/* The token API and rows as the section's tests use them (api-tokens-section.test.tsx, api-tokens-create.test.tsx). */

/** The three token routes over an in-memory list; returns what was posted and deleted. */
export function stubTokenApi(tokens: ApiToken[]) {
  const posted: unknown[] = [];
  const deleted: string[] = [];
  const created = buildCreatedApiToken({ id: 99, name: 'CI' });
  const fetchStub = stubFetch({
    '/api/sysUser/apiTokens': (_url, init) => {
      if (init.method === 'POST') {
        posted.push(JSON.parse(String(init.body)));
        const { token: _secret, ...listed } = created;
        tokens = [listed, ...tokens];
        return okResponse(created);
      }
      return okResponse(tokens);
    },
    '/api/sysUser/apiTokens/1': (url) => {
      deleted.push(url.pathname);
      tokens = tokens.map((token) =>
        token.id === 1
          ? { ...token, state: 'revoked', revokedReason: 'owner', revokedAt: '2026-03-02T09:00:00.000Z' }
          : token,
      );
      return okResponse(tokens.find((token) => token.id === 1));
    },
  });
  return { fetchStub, posted, deleted, created };
}

export const rows = () => screen.queryAllByTestId('api-token-row');
