import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { CliError } from '../cli-error.ts';
import { type Context, note } from '../context.ts';
import { EXIT } from '../exit-codes.ts';
import {
  API_PATHS,
  API_TOKEN_NAME_MAX,
  type ApiTokenCreated,
  type ApiTokenScope,
  DEVICE_GRANT_TYPE,
  DEVICE_POLL_INTERVAL_SECONDS,
  type DeviceCode,
  type DeviceToken,
  type DeviceTokenErrorBody,
} from '../portal-api.ts';
import type { PortalClient } from '../portal-client.ts';
import { printable } from '../terminal-text.ts';

/** The program as the console shows it to the person approving. */
export const DEVICE_CLIENT_ID = 'fwportal';

/**
 * The portal's verification page (its path and query) on the portal the user named: the portal
 * writes its PUBLIC_URL, which may be unset (localhost) or another name of it, where the browser
 * has no session (issue 42 §2). Never another host than the one the user trusted with --url.
 */
export function verificationLinkOn(portalUrl: string, uri: string): string {
  const portal = new URL(portalUrl);
  const given = URL.parse(uri, portal.href);
  // An address that does not parse: the portal itself, where the console says where to go.
  return given ? new URL(`${given.pathname}${given.search}`, portal.origin).href : portal.href;
}

/**
 * Signs in by the device authorization grant (RFC 8628, as `gh auth login` does): asks the portal
 * for a code, tells the user where to approve it (on stderr, so --json keeps stdout clean), and
 * polls until the person approved or denied it in the console, or the code ran out. No password
 * passes through the command line.
 */
export async function deviceLogin(
  ctx: Context,
  client: PortalClient,
  /** `portalUrl`: the address the user gave (--url), where the links printed point. */
  asked: { scopes: ApiTokenScope[]; expiresInDays: number; portalUrl: string },
): Promise<{ account: string; token: ApiTokenCreated }> {
  // The answers are RFC 8628's own JSON, not the portal's envelope.
  const asking = await client.request(API_PATHS.deviceCode, {
    method: 'POST',
    auth: false,
    body: {
      client_id: DEVICE_CLIENT_ID,
      client_host: os.hostname().slice(0, API_TOKEN_NAME_MAX - DEVICE_CLIENT_ID.length - 1),
      scope: asked.scopes.join(' '),
      expires_in_days: asked.expiresInDays,
    },
  });
  const code = (await asking.json()) as DeviceCode;
  const page = verificationLinkOn(asked.portalUrl, code.verification_uri);
  const link = verificationLinkOn(asked.portalUrl, code.verification_uri_complete);
  note(ctx, 'login.deviceCode', { code: printable(code.user_code), url: printable(page) });
  note(ctx, 'login.deviceLink', { url: printable(link) });
  note(ctx, 'login.deviceWaiting', { minutes: Math.round(code.expires_in / 60) });

  // The portal's interval (RFC 8628 §3.2), never under a second; 5 s when it names none.
  let interval = Math.max(1, code.interval || DEVICE_POLL_INTERVAL_SECONDS);
  const gaveUpAt = Date.now() + code.expires_in * 1000;
  while (Date.now() < gaveUpAt) {
    await sleep(interval * 1000);
    const response = await client.request(API_PATHS.deviceToken, {
      method: 'POST',
      auth: false,
      body: { grant_type: DEVICE_GRANT_TYPE, device_code: code.device_code, client_id: DEVICE_CLIENT_ID },
      answers: [400],
    });
    const body = (await response.json()) as DeviceToken | DeviceTokenErrorBody;
    if (response.ok && 'token' in body) return { account: body.account, token: body.token };
    const error = 'error' in body ? body.error : undefined;
    if (error === 'authorization_pending') continue;
    if (error === 'slow_down') {
      interval = Math.max(
        interval + DEVICE_POLL_INTERVAL_SECONDS,
        ('interval' in body && body.interval) || 0,
      );
      continue;
    }
    if (error === 'access_denied') throw new CliError(EXIT.auth, 'login.deviceDenied');
    if (error === 'expired_token') break;
    throw new CliError(EXIT.auth, 'login.deviceFailed', {
      error: printable(String(error ?? response.status)),
    });
  }
  throw new CliError(EXIT.auth, 'login.deviceExpired');
}
