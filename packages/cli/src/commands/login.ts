import { CliError } from '../cli-error.ts';
import { formatDateTime } from '../date-time.ts';
import { removeConfig, writeConfig } from '../config-store.ts';
import { type Context, listOption, printJson, say, stringOption } from '../context.ts';
import { EXIT, type ExitCode } from '../exit-codes.ts';
import {
  API_TOKEN_MAX_DAYS,
  API_TOKEN_PREFIX,
  API_TOKEN_SCOPES,
  type ApiTokenScope,
  SIGNING_KEY_PATH,
} from '../portal-api.ts';
import { refusePlainHttp } from '../plain-http.ts';
import { ask, firstLineOfStdin } from '../prompt.ts';
import { clientFor, normaliseUrl } from '../session.ts';
import { keyIdOf, publicKeyOf } from '../signing-key.ts';
import { maskToken } from '../token-mask.ts';
import { deviceLogin } from './device-login.ts';

/** Every scope fwportal's commands use (`audit` and `update` report with `inventory`); the approver may narrow them. */
export const DEFAULT_SCOPES: ApiTokenScope[] = ['catalog:read', 'download', 'licences', 'tasks', 'inventory'];
export const DEFAULT_EXPIRES_DAYS = 90;

function scopesOf(ctx: Context): ApiTokenScope[] {
  const asked = listOption(ctx, 'scopes');
  if (asked.length === 0) return DEFAULT_SCOPES;
  for (const scope of asked)
    if (!(API_TOKEN_SCOPES as readonly string[]).includes(scope))
      throw new CliError(EXIT.usage, 'usage.badScope', { scope, scopes: API_TOKEN_SCOPES.join(', ') });
  return [...new Set(asked)] as ApiTokenScope[];
}

function expiresDaysOf(ctx: Context): number {
  const text = stringOption(ctx, 'expires-days');
  if (text === undefined) return DEFAULT_EXPIRES_DAYS;
  const days = Number(text);
  if (!Number.isInteger(days) || days < 1 || days > API_TOKEN_MAX_DAYS)
    throw new CliError(EXIT.usage, 'usage.badExpiresDays', { max: API_TOKEN_MAX_DAYS });
  return days;
}

/**
 * --key-id: the fingerprint the portal's signing key must have, learnt out of band (from the
 * vendor, or from a login over a network one trusts). Without it the key is trusted on first use.
 */
function keyIdOption(ctx: Context): string | undefined {
  const text = stringOption(ctx, 'key-id')?.trim();
  if (text === undefined) return undefined;
  if (!/^[0-9a-f]{16}$/i.test(text)) throw new CliError(EXIT.usage, 'usage.badKeyId');
  return text.toLowerCase();
}

/** A value from the command line, else asked on the terminal, else a usage error. */
async function valueOrAsk(ctx: Context, given: string | undefined, question: string, missing: string) {
  if (given) return given;
  if (!ctx.stdin.isTTY) throw new CliError(EXIT.usage, 'usage.missingOption', { option: missing });
  const answer = await ask(ctx, question);
  if (!answer) throw new CliError(EXIT.usage, 'usage.missingOption', { option: missing });
  return answer;
}

/**
 * `fwportal login`: gets a token approved in the console (RFC 8628 device sign-in) or takes an
 * existing one from stdin (CI), pins the portal's signing key and stores both for this user only.
 */
export async function login(ctx: Context): Promise<ExitCode> {
  // Issue 32: a password sign-in without captcha let anyone lock an account out of the console.
  if (ctx.values['password-stdin'] !== undefined || ctx.values.account !== undefined)
    throw new CliError(EXIT.usage, 'usage.passwordSignInGone');
  const tokenStdin = ctx.values['token-stdin'] === true;
  const scopes = scopesOf(ctx);
  const expiresInDays = expiresDaysOf(ctx);
  const url = normaliseUrl(
    await valueOrAsk(ctx, stringOption(ctx, 'url') ?? ctx.env.FWPORTAL_URL, ctx.t('prompt.url'), '--url'),
  );
  refusePlainHttp(ctx, url);
  const wantedKeyId = keyIdOption(ctx);
  const client = clientFor(ctx, url);

  // Pinned now: every later download is checked against this key, not one fetched with the file.
  // Fetched (and held to --key-id) before anything else is asked, so a wrong portal is caught first.
  const signingKey = (await client.bytes(SIGNING_KEY_PATH, { auth: false })).toString('utf8');
  const keyId = keyIdOf(publicKeyOf(signingKey));
  if (wantedKeyId && keyId !== wantedKeyId)
    throw new CliError(EXIT.verification, 'error.keyIdMismatch', { url, keyId, wanted: wantedKeyId });

  let token: string;
  let account: string | undefined;
  let expiresAt: string | undefined;
  if (tokenStdin) {
    token = (await firstLineOfStdin(ctx)).trim();
    if (!token.startsWith(API_TOKEN_PREFIX)) throw new CliError(EXIT.usage, 'usage.notAToken');
  } else {
    const approved = await deviceLogin(ctx, client, { scopes, expiresInDays, portalUrl: url });
    token = approved.token.token;
    expiresAt = approved.token.expiresAt;
    account = approved.account;
  }

  const file = await writeConfig(ctx.configDir, { url, token, signingKey, account, expiresAt });
  const shown = { url, account: account ?? '', token: maskToken(token), expiresAt: expiresAt ?? '', keyId };
  if (ctx.json) printJson(ctx, { ...shown, configFile: file });
  else {
    // People read the expiry as a date and time of their own zone, scripts (--json) as ISO.
    const expires = expiresAt ? formatDateTime(expiresAt, ctx.locale) : '';
    // A token read from stdin comes without its account and expiry: say only what is known.
    if (account) say(ctx, 'login.done', { ...shown, expiresAt: expires });
    else say(ctx, 'login.doneToken', shown);
    say(ctx, 'login.saved', { file, keyId });
  }
  return EXIT.ok;
}

/** `fwportal logout`: forgets the stored token (revoke it in the console to end it for good). */
export async function logout(ctx: Context): Promise<ExitCode> {
  const removed = await removeConfig(ctx.configDir);
  if (ctx.json) printJson(ctx, { removed });
  else say(ctx, removed ? 'logout.done' : 'logout.nothing');
  return EXIT.ok;
}
