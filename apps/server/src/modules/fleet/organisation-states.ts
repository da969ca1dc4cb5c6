import type { Locale, StaffFleetOrg } from '@portal/contract';
import type { ComplianceService } from './compliance.service';

/**
 * Customer organisations with their vulnerable, under investigation and outdated servers, most
 * vulnerable first (then most under investigation, most outdated, then by name): whom PSIRT calls
 * first. Each count is the summary of the
 * organisation's own "My servers" page (ComplianceService.page, one row asked), so both always
 * agree. Cost: one page per organisation with servers, one after another: a few indexed queries
 * each while its stored states are fresh; after a publish or an advisory, each organisation's
 * servers are recomputed once, as opening its page would.
 */
export async function organisationsByExposure(
  compliance: ComplianceService,
  locale: Locale,
): Promise<StaffFleetOrg[]> {
  const rows: StaffFleetOrg[] = [];
  for (const org of await compliance.organisations()) {
    if (org.servers === 0) {
      rows.push({ ...org, vulnerable: 0, under_investigation: 0, outdated: 0 });
      continue;
    }
    const { summary } = await compliance.page({ organisationId: org.id }, { pageNo: 1, pageSize: 1 }, locale);
    rows.push({
      ...org,
      vulnerable: summary.vulnerable ?? 0,
      under_investigation: summary.under_investigation ?? 0,
      outdated: summary.outdated ?? 0,
    });
  }
  return rows.sort(
    (a, b) =>
      b.vulnerable - a.vulnerable ||
      b.under_investigation - a.under_investigation ||
      b.outdated - a.outdated ||
      a.name.localeCompare(b.name),
  );
}
