import { readFile } from 'node:fs/promises';
import { CliError } from './cli-error.ts';
import { readConfig, type StoredConfig } from './config-store.ts';
import { type Context, note, stringOption } from './context.ts';
import { EXIT } from './exit-codes.ts';
import { refusePlainHttp } from './plain-http.ts';
import { PortalClient } from './portal-client.ts';
import { DEFAULT_PORTAL_TIMEOUT_MS } from './portal-fetch.ts';

/** `config` is what login stored for this very portal (null for another one). */
export type Session = { client: PortalClient; config: StoredConfig | null };

/** Without a trailing slash, so paths join cleanly and two spellings compare equal. */
export function normaliseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error(parsed.protocol);
    return parsed.href.replace(/\/+$/, '');
  } catch {
    throw new CliError(EXIT.usage, 'error.badUrl', { url });
  }
}

/** Bounds of --portal-timeout / FWPORTAL_TIMEOUT, in seconds (fractions allowed). */
export const PORTAL_TIMEOUT_SECONDS = { min: 0.1, max: 3600 } as const;

/** --portal-timeout, else FWPORTAL_TIMEOUT, else DEFAULT_PORTAL_TIMEOUT_MS; in milliseconds. */
export function portalTimeoutMs(ctx: Context): number {
  const fromOption = stringOption(ctx, 'portal-timeout');
  const text = fromOption ?? ctx.env.FWPORTAL_TIMEOUT?.trim();
  if (!text) return DEFAULT_PORTAL_TIMEOUT_MS;
  const seconds = Number(text);
  if (
    !Number.isFinite(seconds) ||
    seconds < PORTAL_TIMEOUT_SECONDS.min ||
    seconds > PORTAL_TIMEOUT_SECONDS.max
  )
    throw new CliError(EXIT.usage, 'usage.badSeconds', {
      option: fromOption === undefined ? 'FWPORTAL_TIMEOUT' : '--portal-timeout',
      ...PORTAL_TIMEOUT_SECONDS,
    });
  return Math.round(seconds * 1000);
}

export function clientFor(ctx: Context, url: string, token?: string): PortalClient {
  return new PortalClient({
    url,
    token,
    locale: ctx.locale,
    timeoutMs: portalTimeoutMs(ctx),
    onRateLimited: (seconds) => note(ctx, 'notice.rateLimited', { seconds }),
    onUnavailable: (seconds) => note(ctx, 'notice.unavailable', { seconds }),
    onRetry: (reason, seconds) => note(ctx, 'notice.reportRetry', { reason, seconds }),
  });
}

/**
 * The portal and token to use: --url / FWPORTAL_URL / the stored URL, FWPORTAL_TOKEN / the stored
 * token. The stored token is only ever sent to the portal it was issued by.
 */
export async function openSession(ctx: Context): Promise<Session> {
  const config = await readConfig(ctx.configDir);
  const asked = stringOption(ctx, 'url') ?? ctx.env.FWPORTAL_URL;
  if (!asked && !config) throw new CliError(EXIT.auth, 'error.notLoggedIn');
  const url = normaliseUrl(asked ?? config?.url ?? '');
  refusePlainHttp(ctx, url);
  // What login stored (token, pinned key) belongs to its portal only.
  const stored = config && normaliseUrl(config.url) === url ? config : null;
  const token = ctx.env.FWPORTAL_TOKEN?.trim() || stored?.token;
  if (!token) {
    if (config) throw new CliError(EXIT.auth, 'error.tokenOtherPortal', { url: config.url });
    throw new CliError(EXIT.auth, 'error.notLoggedIn');
  }
  return { client: clientFor(ctx, url, token), config: stored };
}

/** The public key signatures are checked against: --key FILE, else the key pinned at login. */
export async function signingKeyOf(ctx: Context, config: StoredConfig | null): Promise<string> {
  const file = stringOption(ctx, 'key');
  if (file) return readFile(file, 'utf8');
  if (config?.signingKey) return config.signingKey;
  throw new CliError(EXIT.auth, 'error.noSigningKey');
}
