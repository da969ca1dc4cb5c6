import { API_TOKEN_SCOPES, type ApiTokenScope } from '@portal/contract';
import type { TestApp } from './test-app';

/**
 * A personal access token of `userId`, valid a day, with `scopes` (unless told, every scope its
 * owner could give it: what the tests of "tokens never open staff routes" hold up to a route).
 */
export async function personalAccessToken(
  t: TestApp,
  userId: number,
  scopes: readonly ApiTokenScope[] = API_TOKEN_SCOPES,
): Promise<string> {
  const created = await t.app.services.apiTokens.create(userId, {
    name: scopes.join(' '),
    scopes: [...scopes],
    expiresInDays: 1,
  });
  return created.token;
}
