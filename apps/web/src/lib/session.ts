import { TOKEN_TTL_MS } from '@portal/contract';
import { readStored, removeStored, writeStored } from './storage';

export function getAccessToken(): string | undefined {
  return readStored('accessToken') || undefined;
}

/** Keeps the token for the spec's 7 days; the server may still end the session earlier. */
export function setAccessToken(token: string): void {
  writeStored('accessToken', token, TOKEN_TTL_MS);
}

/** Forgets everything tied to the signed-in user (token, application list, dictionary). */
export function clearSession(): void {
  removeStored('accessToken', 'apps', 'dictTree');
}
