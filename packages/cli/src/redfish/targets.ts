import { readFile, stat } from 'node:fs/promises';
import { CliError } from '../cli-error.ts';
import { type Context, listOption, note, positiveInteger, stringOption } from '../context.ts';
import { EXIT } from '../exit-codes.ts';
import type { OptionName } from '../commands/options.ts';
import { isLoopbackHost } from '../plain-http.ts';
import { ask, firstLineOfStdin } from '../prompt.ts';
import { type BmcConnection, bmcOrigin, DEFAULT_TIMEOUT_MS } from './bmc-connection.ts';
import type { BmcTrust } from './tls-transport.ts';
import { KnownHosts } from './known-hosts.ts';

/**
 * Which BMCs a command talks to, with which credentials and trust (`fwportal audit` and
 * `fwportal update` share it). Passwords never come from the command line, where every user of
 * the machine can read them (`ps`) and shells keep them: from stdin, a file, or a credentials file.
 */

/** The options of a command that talks to BMCs. */
export const BMC_OPTIONS: OptionName[] = [
  'bmc',
  'bmc-file',
  'user',
  'password-stdin',
  'password-file',
  'credentials-file',
  'concurrency',
  'ca-file',
  'insecure',
  'timeout',
];

export const DEFAULT_BMC_CONCURRENCY = 8;
export const MAX_BMC_CONCURRENCY = 256;
export const MAX_TIMEOUT_SECONDS = 600;

/** One BMC to talk to: what the connection needs but the trust and timeouts. */
export type BmcTarget = { address: string; user: string; password: string };

/**
 * CSV lines: fields separated by commas, a field in double quotes may hold commas and doubled
 * quotes (a password may hold anything). Blank lines and lines starting with `#` are skipped.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  for (const line of text.replace(/^\uFEFF/, '').split(/\r?\n/)) {
    if (!line.trim() || line.trimStart().startsWith('#')) continue;
    const fields: string[] = [];
    let field = '';
    let quoted = false;
    for (let i = 0; i < line.length; i += 1) {
      const char = line[i]!;
      if (quoted) {
        if (char === '"' && line[i + 1] === '"') {
          field += '"';
          i += 1;
        } else if (char === '"') quoted = false;
        else field += char;
      } else if (char === '"' && field.trim() === '') {
        quoted = true;
        field = '';
      } else if (char === ',') {
        fields.push(field.trim());
        field = '';
      } else field += char;
    }
    fields.push(quoted ? field : field.trim());
    rows.push(fields);
  }
  return rows;
}

async function readSecretFile(ctx: Context, file: string): Promise<string> {
  const info = await stat(file).catch(() => null);
  if (!info) throw new CliError(EXIT.usage, 'usage.unreadableFile', { file });
  // As ssh does for keys: a secret others may read is worth a warning.
  if (process.platform !== 'win32' && (info.mode & 0o077) !== 0) note(ctx, 'bmc.secretFileOpen', { file });
  return readFile(file, 'utf8');
}

/** `host` or `*` -> user and password: the credentials file (`address,user,password` lines). */
async function credentialsOf(ctx: Context): Promise<Map<string, { user: string; password: string }>> {
  const file = stringOption(ctx, 'credentials-file');
  const credentials = new Map<string, { user: string; password: string }>();
  if (!file) return credentials;
  for (const [address, user, password] of parseCsv(await readSecretFile(ctx, file))) {
    if (!address || address.toLowerCase() === 'address' || password === undefined) continue;
    credentials.set(address === '*' ? '*' : bmcOrigin(address).host.toLowerCase(), {
      user: user ?? '',
      password,
    });
  }
  return credentials;
}

/** The one password of `--password-stdin` / `--password-file` (first line), or null. */
async function sharedPasswordOf(ctx: Context): Promise<string | null> {
  const file = stringOption(ctx, 'password-file');
  if (ctx.values['password-stdin'] === true && file)
    throw new CliError(EXIT.usage, 'usage.twoPasswordSources');
  if (ctx.values['password-stdin'] === true)
    // On a terminal: asked, nothing echoed; else (a pipe) the first line.
    return ctx.stdin.isTTY ? ask(ctx, ctx.t('prompt.bmcPassword'), true) : firstLineOfStdin(ctx);
  if (file) return (await readSecretFile(ctx, file)).split(/\r?\n/)[0] ?? '';
  return null;
}

/** Every BMC of `--bmc` (repeatable, commas) and `--bmc-file`, each with its user and password. */
export async function bmcTargetsOf(ctx: Context): Promise<BmcTarget[]> {
  const rows: { address: string; user?: string; password?: string }[] = listOption(ctx, 'bmc').map(
    (address) => ({ address }),
  );
  const hostsFile = stringOption(ctx, 'bmc-file');
  if (hostsFile) {
    const text = await readFile(hostsFile, 'utf8').catch(() => {
      throw new CliError(EXIT.usage, 'usage.unreadableFile', { file: hostsFile });
    });
    if ((await stat(hostsFile)).mode & 0o077 && /,[^,]*,/.test(text)) {
      // Passwords in a hosts file others may read: warned about, as for credentials files.
      note(ctx, 'bmc.secretFileOpen', { file: hostsFile });
    }
    for (const [address, user, password] of parseCsv(text))
      if (address && address.toLowerCase() !== 'address')
        rows.push({ address, user: user || undefined, password: password || undefined });
  }
  if (rows.length === 0) throw new CliError(EXIT.usage, 'usage.noBmcs');
  // Plain http to another machine: refused without --insecure, and never silent with it; both
  // before any password is asked for.
  const warned = new Set<string>();
  for (const row of rows) {
    const origin = bmcOrigin(row.address);
    if (origin.protocol !== 'http:' || isLoopbackHost(origin.hostname) || warned.has(origin.href)) continue;
    if (ctx.values.insecure !== true)
      throw new CliError(EXIT.usage, 'usage.bmcPlainHttp', { address: row.address });
    warned.add(origin.href);
    note(ctx, 'bmc.plainHttp', { address: origin.href.replace(/\/$/, '') });
  }
  const credentials = await credentialsOf(ctx);
  const needsShared = rows.some(
    (row) => row.password === undefined && !credentials.has(bmcOrigin(row.address).host.toLowerCase()),
  );
  const shared = needsShared ? await sharedPasswordOf(ctx) : null;
  const defaultUser = stringOption(ctx, 'user');
  const seen = new Set<string>();
  const targets: BmcTarget[] = [];
  for (const row of rows) {
    const origin = bmcOrigin(row.address);
    if (seen.has(origin.href)) continue;
    seen.add(origin.href);
    const stored = credentials.get(origin.host.toLowerCase()) ?? credentials.get('*');
    const password = row.password ?? stored?.password ?? shared;
    const user = row.user ?? defaultUser ?? stored?.user;
    if (!user) throw new CliError(EXIT.usage, 'usage.noBmcUser', { address: row.address });
    if (password === null || password === undefined)
      throw new CliError(EXIT.usage, 'usage.noBmcPassword', { address: row.address });
    targets.push({ address: origin.href.replace(/\/$/, ''), user, password });
  }
  return targets;
}

/** `--ca-file` (verified), `--insecure` (not checked), else fingerprints pinned in the config folder. */
export async function bmcTrustOf(ctx: Context): Promise<BmcTrust> {
  const caFile = stringOption(ctx, 'ca-file');
  if (caFile && ctx.values.insecure === true) throw new CliError(EXIT.usage, 'usage.caFileAndInsecure');
  if (caFile) {
    const ca = await readFile(caFile, 'utf8').catch(() => {
      throw new CliError(EXIT.usage, 'usage.unreadableFile', { file: caFile });
    });
    return { mode: 'ca', ca };
  }
  if (ctx.values.insecure === true) return { mode: 'insecure' };
  return { mode: 'pin', knownHosts: new KnownHosts(ctx.configDir) };
}

/** Everything `RedfishClient` needs for each target, and how many BMCs at once. */
export async function bmcConnectionsOf(
  ctx: Context,
): Promise<{ connections: BmcConnection[]; concurrency: number }> {
  const concurrency = positiveInteger(ctx, 'concurrency', DEFAULT_BMC_CONCURRENCY, MAX_BMC_CONCURRENCY);
  const timeoutMs = positiveInteger(ctx, 'timeout', DEFAULT_TIMEOUT_MS / 1000, MAX_TIMEOUT_SECONDS) * 1000;
  const trust = await bmcTrustOf(ctx);
  const targets = await bmcTargetsOf(ctx);
  const onPinned = (host: string, fingerprint: string) => note(ctx, 'redfish.pinned', { host, fingerprint });
  return {
    concurrency,
    connections: targets.map((target) => ({ ...target, trust, timeoutMs, onPinned })),
  };
}
