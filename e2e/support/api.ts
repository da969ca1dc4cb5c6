import { type Account, type ConsoleSuite, PASSWORDS } from './console';
import { signInThroughApi } from './session';

/** Calls the portal's API as `account` answering `data`; a refusal throws with the method, path and message. */
export type Api = <T>(method: string, path: string, data?: object) => Promise<T>;

/**
 * The API as `account`, for what a test is not about: setting up, and putting back what it
 * changed (a retried test must find the portal as its first attempt did). Its session lives in
 * a page context of the suite, closed after the test.
 */
export async function apiAs(suite: ConsoleSuite, account: Account): Promise<Api> {
  const { request } = (await suite.newPage()).context();
  const token = await signInThroughApi(request, suite.portal, account, PASSWORDS[account]);
  return async <T>(method: string, path: string, data?: object): Promise<T> => {
    const answer = await request.fetch(`${suite.portal.url}/api${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}` },
      data,
    });
    const body = (await answer.json()) as { success: boolean; message: string; data: T };
    if (!body.success) throw new Error(`${method} ${path}: ${body.message}`);
    return body.data;
  };
}
