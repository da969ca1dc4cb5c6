import { readFile } from 'node:fs/promises';
import { CliError } from '../cli-error.ts';
import type { StoredConfig } from '../config-store.ts';
import { type Context, printJson, say, stringOption } from '../context.ts';
import { EXIT, type ExitCode } from '../exit-codes.ts';
import { fetchContext } from '../mirror/compliance-context.ts';
import { SIGNING_KEY_PATH } from '../portal-api.ts';
import type { PortalClient } from '../portal-client.ts';
import { reportInventory } from '../redfish/portal-inventory.ts';
import { normaliseUrl, openSession } from '../session.ts';
import { keyIdOf, publicKeyOf } from '../signing-key.ts';
import { READINGS_FORMAT, type ReadingsFile } from './audit-offline.ts';

const sameOrigin = (a: string, b: string) => {
  try {
    return normaliseUrl(a) === normaliseUrl(b);
  } catch {
    return false;
  }
};

/**
 * Readings go only to the portal whose signed context judged them: another portal would store
 * another company's or another installation's view of those servers. The key first (the file names
 * the fingerprint of the key its context verified with: it must be this portal's, --key or pinned
 * at login, else the one it serves), then the origin: the URL used, or else the origin this
 * portal signs into its own context (a portal reached by another name than its PUBLIC_URL).
 * A file without an origin (none was ever written so by `audit --repo`) is refused; one without a
 * key fingerprint (written before it was recorded) is held to its origin alone.
 */
async function checkProvenance(
  ctx: Context,
  client: PortalClient,
  config: StoredConfig | null,
  file: string,
  readings: ReadingsFile,
): Promise<void> {
  if (typeof readings.origin !== 'string' || readings.origin === '')
    throw new CliError(EXIT.verification, 'mirror.readingsNoOrigin', { file });
  const keyFile = stringOption(ctx, 'key');
  const pem = keyFile
    ? await readFile(keyFile, 'utf8')
    : (config?.signingKey ?? (await client.bytes(SIGNING_KEY_PATH, { auth: false })).toString('utf8'));
  const key = publicKeyOf(pem);
  const portalKeyId = keyIdOf(key);
  if (readings.keyId !== undefined && readings.keyId !== portalKeyId)
    throw new CliError(EXIT.verification, 'mirror.readingsOtherKey', {
      file,
      keyId: String(readings.keyId),
      portalKeyId,
    });
  if (sameOrigin(readings.origin, client.url)) return;
  const own = await fetchContext(client, key).catch(() => null);
  if (own && sameOrigin(readings.origin, own.parsed.origin)) return;
  throw new CliError(EXIT.verification, 'mirror.readingsOtherPortal', {
    file,
    origin: readings.origin,
    url: client.url,
  });
}

/**
 * `fwportal report --from FILE`: on a connected machine, uploads the readings `audit --repo` wrote
 * on the isolated network (source `audit`, their own times), so the portal's "My servers" shows
 * what the isolated fleet runs. Sending a file twice stores its readings once; a file judged with
 * another portal's context is refused (exit 4), nothing sent.
 */
export async function report(ctx: Context): Promise<ExitCode> {
  const file = stringOption(ctx, 'from');
  if (!file) throw new CliError(EXIT.usage, 'usage.missingOption', { option: '--from' });
  const text = await readFile(file, 'utf8').catch(() => {
    throw new CliError(EXIT.usage, 'usage.unreadableFile', { file });
  });
  let readings: ReadingsFile;
  try {
    readings = JSON.parse(text) as ReadingsFile;
  } catch {
    throw new CliError(EXIT.usage, 'mirror.badReadings', { file });
  }
  if (readings?.format !== READINGS_FORMAT || !Array.isArray(readings.servers))
    throw new CliError(EXIT.usage, 'mirror.badReadings', { file });
  const { client, config } = await openSession(ctx);
  await checkProvenance(ctx, client, config, file, readings);
  const outcome =
    readings.servers.length > 0
      ? await reportInventory(client, readings.servers)
      : { accepted: 0, changed: 0, unknown: [] };
  if (ctx.json) printJson(ctx, outcome);
  else
    say(ctx, 'mirror.reported', {
      servers: outcome.accepted,
      changed: outcome.changed,
      unknown: outcome.unknown.length,
    });
  return outcome.unknown.length > 0 ? EXIT.partial : EXIT.ok;
}
