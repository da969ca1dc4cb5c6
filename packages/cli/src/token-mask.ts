import { API_TOKEN_PREFIX } from './portal-api.ts';

/** The token as it may appear anywhere: its public prefix (`fwp_` + 4), never the secret. */
export function maskToken(token: string): string {
  return `${token.slice(0, API_TOKEN_PREFIX.length + 4)}…`;
}
