import { isIP } from 'node:net';
import { CliError } from './cli-error.ts';
import type { Context } from './context.ts';
import { EXIT } from './exit-codes.ts';

/**
 * This machine: 127.0.0.0/8, ::1 and localhost. Plain HTTP to them never crosses a network, so
 * nobody can read the password or token, or swap the signing key pinned at login.
 */
export function isLoopbackHost(hostname: string): boolean {
  // URL gives IPv6 in brackets and IPv4 in its canonical dotted form (127.1 → 127.0.0.1).
  const host = hostname
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '')
    .toLowerCase();
  if (host === 'localhost' || host === '::1') return true;
  return isIP(host) === 4 && host.startsWith('127.');
}

/**
 * Refuses an `http:` portal off this machine unless --insecure-http says the risk is known: on
 * the network path the password, the token and every file could be read or replaced.
 */
export function refusePlainHttp(ctx: Context, url: string): void {
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:' || isLoopbackHost(parsed.hostname)) return;
  if (ctx.values['insecure-http'] === true) return;
  throw new CliError(EXIT.usage, 'usage.plainHttp', { url });
}
