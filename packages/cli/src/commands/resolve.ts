import { CliError } from '../cli-error.ts';
import { type Context, printJson } from '../context.ts';
import { EXIT, type ExitCode } from '../exit-codes.ts';
import { resolveFleet } from '../fleet.ts';
import { API_PATHS, type FleetServer } from '../portal-api.ts';
import type { PortalClient } from '../portal-client.ts';
import { openSession } from '../session.ts';
import { serialNumbersOf } from '../sn-input.ts';
import { formatTable } from '../table.ts';

function rowsOf(ctx: Context, server: FleetServer): string[][] {
  if (!server.found) return [[server.sn, ctx.t('resolve.notFound'), '-', '-', '-', '-']];
  if (server.firmware.length === 0) return [[server.sn, server.model, '-', '-', '-', '-']];
  return server.firmware.map((firmware) => [
    server.sn,
    server.model,
    firmware.pn ? `${firmware.component} ${firmware.pn}` : firmware.component,
    firmware.current || '-',
    firmware.version,
    firmware.releaseDate,
  ]);
}

/**
 * Each found model's end of security support (`2031-12`, null: not announced), from the catalogue's
 * models (CRA Art. 13(19), issue 43 §4). A token without catalog:read, or an older portal, leaves
 * it out rather than failing the resolve.
 */
async function supportEndsOf(client: PortalClient, servers: FleetServer[]) {
  const codes = new Set(servers.filter((server) => server.found).map((server) => server.model));
  if (codes.size === 0) return new Map<string, string | null>();
  const models = await client
    .json<{ code: string; securitySupportEnd?: string | null }[]>(API_PATHS.catalogModels)
    .catch(() => []);
  return new Map(
    models
      .filter((model) => codes.has(model.code))
      .map((model) => [model.code, model.securitySupportEnd ?? null]),
  );
}

/** `fwportal resolve`: each SN's model and the newest firmware per component; exit 5 when some SN is unknown. */
export async function resolve(ctx: Context): Promise<ExitCode> {
  const sns = await serialNumbersOf(ctx);
  if (sns.length === 0) throw new CliError(EXIT.usage, 'usage.noSerials');
  const { client } = await openSession(ctx);
  const servers = await resolveFleet(client, sns);
  const notFound = servers.filter((server) => !server.found).map((server) => server.sn);
  const supportEnds = await supportEndsOf(client, servers);
  if (ctx.json)
    printJson(ctx, {
      servers: servers.map((server) =>
        server.found ? { ...server, securitySupportEnd: supportEnds.get(server.model) ?? null } : server,
      ),
      notFound,
    });
  else {
    const header = ['sn', 'model', 'component', 'current', 'newest', 'date'].map((column) =>
      ctx.t(`resolve.column.${column}` as Parameters<typeof ctx.t>[0]),
    );
    ctx.stdout.write(
      formatTable(
        header,
        servers.flatMap((server) => rowsOf(ctx, server)),
      ),
    );
    for (const [model, end] of supportEnds)
      ctx.stdout.write(
        `${end ? ctx.t('resolve.supportEnd', { model, end }) : ctx.t('resolve.supportEndUnknown', { model })}\n`,
      );
  }
  if (notFound.length === 0) return EXIT.ok;
  ctx.stderr.write(
    `${ctx.t('resolve.someNotFound', { count: notFound.length, sns: notFound.join(', ') })}\n`,
  );
  return EXIT.partial;
}
