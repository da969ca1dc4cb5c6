import type { Envelope } from '@portal/contract';
import type { FastifyInstance } from 'fastify';

export type Answer<T = unknown> = { status: number; body: Envelope<T>; headers: Record<string, unknown> };

/** POST /api/login through inject; answers status and envelope. */
export async function login(
  app: FastifyInstance,
  account: string,
  password: string,
  query = '',
): Promise<Answer<{ token: string }>> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/login${query}`,
    payload: { account, password },
  });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

export async function tokenFor(app: FastifyInstance, account: string, password: string): Promise<string> {
  const answer = await login(app, account, password);
  if (!answer.body.success) throw new Error(`login of ${account} failed: ${answer.body.message}`);
  return answer.body.data.token;
}

/** A request carrying the bearer token, as the web client sends it. */
export async function withToken<T = unknown>(
  app: FastifyInstance,
  token: string,
  options: {
    method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
    url: string;
    payload?: object;
    headers?: Record<string, string>;
  },
): Promise<Answer<T>> {
  const response = await app.inject({
    method: options.method ?? 'GET',
    url: options.url,
    payload: options.payload,
    headers: { authorization: `Bearer ${token}`, ...options.headers },
  });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A request as `token` with the answer in `locale` (English unless said), as the admin pages' tests make them. */
export function callAs<T = unknown>(
  app: FastifyInstance,
  token: string,
  method: Method,
  url: string,
  payload?: object,
  locale = 'en-US',
): Promise<Answer<T>> {
  return withToken<T>(app, token, {
    method,
    url: `${url}${url.includes('?') ? '&' : '?'}locale=${locale}`,
    payload,
  });
}
