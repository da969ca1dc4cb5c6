import type { CveLookup } from '@portal/contract';
import { CliError } from '../cli-error.ts';
import { type Context, printJson } from '../context.ts';
import { EXIT, type ExitCode } from '../exit-codes.ts';
import { openSession } from '../session.ts';
import { formatTable } from '../table.ts';

/** The contract's CVE_PATTERN: its module brings zod, which the CLI bundle must not ship. */
const CVE_PATTERN = /^CVE-\d{4}-\d{4,}$/;

/** The portal's answer: GET /api/advisories/cve/<CVE> (token scope catalog:read). */
export const cvePathOf = (cve: string) => `/api/advisories/cve/${encodeURIComponent(cve)}`;

/**
 * `fwportal audit --cve CVE-…`: which of my servers a CVE concerns, what each advisory says of the
 * version it runs (affected, under investigation, unknown: a version the catalogue cannot order,
 * not affected, fixed) and the version that fixes it, as the portal answers from the advisories
 * I may read (issue 43 §2). Nothing is asked of any BMC: the portal knows what the servers last
 * reported. Exit code as `audit`: 8 (vulnerable) when a server is affected, else 11 (under
 * investigation) when an advisory is still investigating what one runs, 0 otherwise (a version
 * it cannot judge, unknown, included).
 */
export async function auditCve(ctx: Context, cve: string): Promise<ExitCode> {
  const id = cve.trim().toUpperCase();
  if (!CVE_PATTERN.test(id)) throw new CliError(EXIT.usage, 'cve.badId', { cve });
  const { client } = await openSession(ctx);
  const answer = await client.json<CveLookup>(cvePathOf(id));
  const code = answer.servers.some((row) => row.status === 'known_affected')
    ? EXIT.vulnerable
    : answer.servers.some((row) => row.status === 'under_investigation')
      ? EXIT.underInvestigation
      : EXIT.ok;
  if (ctx.json) {
    printJson(ctx, answer);
    return code;
  }
  if (answer.advisories.length === 0) {
    ctx.stdout.write(`${ctx.t('cve.noAdvisory', { cve: id })}\n`);
    return EXIT.ok;
  }
  for (const advisory of answer.advisories)
    ctx.stdout.write(`${ctx.t('cve.advisory', { id: advisory.advisoryId, title: advisory.title })}\n`);
  const header = ['sn', 'model', 'component', 'installed', 'status', 'fixedIn'].map((column) =>
    ctx.t(`cve.column.${column}` as Parameters<typeof ctx.t>[0]),
  );
  const rows = answer.servers.map((row) => [
    row.sn,
    row.model,
    row.component,
    row.installed ?? ctx.t('cve.notReported'),
    ctx.t(`cve.status.${row.status}` as Parameters<typeof ctx.t>[0]),
    row.fixedIn ?? '',
  ]);
  if (rows.length > 0) ctx.stdout.write(formatTable(header, rows));
  ctx.stdout.write(
    `${ctx.t('cve.summary', { named: new Set(answer.servers.map((row) => row.sn)).size, notNamed: answer.notNamed })}\n`,
  );
  return code;
}
