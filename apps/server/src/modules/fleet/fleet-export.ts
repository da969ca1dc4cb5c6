import { COMPLIANCE_STATE_LABELS, type ComplianceState, type Locale } from '@portal/contract';
import type { FastifyReply } from 'fastify';
import { attachmentDisposition } from '../../lib/content-disposition';
import { csvLine } from '../../lib/csv-cell';
import type { ServerReport } from './compliance.service';

/** One line per component: what spreadsheets and ticket systems take (UTF-8 with BOM for Excel). */
export function fleetCsv(servers: ServerReport[], stateName: (state: ComplianceState) => string): string {
  const header = [
    'sn',
    'model',
    'component',
    'installed',
    'source',
    'seen_at',
    'state',
    'state_name',
    'versions_behind',
    'target_version',
    'target_file',
    'target_size',
    'target_sha256',
    'advisories',
    'cves',
    // What the update needs (issue 34 §2), after the older columns so their positions stay.
    'install_order',
    'reboot_required',
    'prerequisites',
    // Advisories still investigating the installed version (issue 43 §2); last, for the same reason.
    'investigating_advisories',
    'investigating_cves',
  ];
  const lines = [header.join(',')];
  for (const server of servers)
    for (const component of server.components)
      // Every field through csvLine: versions, slots and SNs come from customers and their BMCs.
      lines.push(
        csvLine([
          server.sn,
          server.model,
          component.component,
          component.installed,
          component.source,
          component.seenAt,
          component.state,
          stateName(component.state),
          component.behind,
          component.target?.version ?? null,
          component.target?.fileName ?? null,
          component.target?.fileSize ?? null,
          component.target?.sha256 ?? null,
          component.advisories.map((advisory) => advisory.advisoryId).join(' '),
          [...new Set(component.advisories.flatMap((advisory) => advisory.cves))].join(' '),
          component.target?.installOrder ?? null,
          component.target ? (component.target.rebootRequired ? 'yes' : 'no') : null,
          // e.g. "BMC>=4.1.0:satisfied BIOS>=6.1.0:unknown": judged against this server's versions.
          (component.target?.prerequisites ?? [])
            .map(
              (prerequisite) =>
                `${prerequisite.component}>=${prerequisite.minVersion}:${prerequisite.status}`,
            )
            .join(' '),
          component.investigating.map((advisory) => advisory.advisoryId).join(' '),
          [...new Set(component.investigating.flatMap((advisory) => advisory.cves))].join(' '),
        ]),
      );
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** Answers an export: every component of these servers as JSON, or as CSV with state names in the reader's language. */
export function sendFleetExport(
  reply: FastifyReply,
  servers: ServerReport[],
  format: 'csv' | 'json',
  locale: Locale,
) {
  if (format === 'json')
    return reply
      .header('content-disposition', attachmentDisposition('fleet-compliance.json'))
      .type('application/json; charset=utf-8')
      .send(JSON.stringify({ servers }, null, 2));
  // The console's and the CLI's words for the states (one list, in the contract).
  const stateName = (state: ComplianceState) => COMPLIANCE_STATE_LABELS[locale][state];
  return reply
    .header('content-disposition', attachmentDisposition('fleet-compliance.csv'))
    .type('text/csv; charset=utf-8')
    .send(fleetCsv(servers, stateName));
}
