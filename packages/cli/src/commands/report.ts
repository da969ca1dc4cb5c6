import { readFile } from 'node:fs/promises';
import { CliError } from '../cli-error.ts';
import { type Context, printJson, say, stringOption } from '../context.ts';
import { EXIT, type ExitCode } from '../exit-codes.ts';
import { reportInventory } from '../redfish/portal-inventory.ts';
import { openSession } from '../session.ts';
import { READINGS_FORMAT, type ReadingsFile } from './audit-offline.ts';

/**
 * `fwportal report --from FILE`: on a connected machine, uploads the readings `audit --repo` wrote
 * on the isolated network (source `audit`, their own times), so the portal's "My servers" shows
 * what the isolated fleet runs. Sending a file twice stores its readings once.
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
  if (readings.format !== READINGS_FORMAT || !Array.isArray(readings.servers))
    throw new CliError(EXIT.usage, 'mirror.badReadings', { file });
  const { client } = await openSession(ctx);
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
