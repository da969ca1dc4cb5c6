import { advisoryPageSchema, fleetPageSchema } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiClient } from '@/lib/api-client';

/**
 * What the home's attention panel asks for (issue 42 §1). Under the fleet's and the advisories'
 * own query keys ('fleet', 'advisories'), so an inventory upload or a staff change that refreshes
 * those features refreshes the panel too.
 */
export const FLEET_SUMMARY_QUERY = { pageNo: '1', pageSize: '1' } as const;
/** The customer's advisories, highest CVSS score (so highest severity) first. */
export const MY_ADVISORIES_QUERY = {
  mine: '1',
  sortField: 'score',
  sortOrder: 'descend',
  pageNo: '1',
  pageSize: '3',
} as const;

/** GET /fleet/servers, one row: the answer's summary counts the whole fleet by worst state. */
export function getFleetSummary(signal?: AbortSignal) {
  return apiClient.get('/fleet/servers', fleetPageSchema, {
    query: FLEET_SUMMARY_QUERY,
    signal,
    quiet: true,
  });
}

/** GET /advisories?mine=1: the advisories that concern the signed-in customer's servers. */
export function getMyAdvisories(signal?: AbortSignal) {
  return apiClient.get('/advisories', advisoryPageSchema, {
    query: MY_ADVISORIES_QUERY,
    signal,
    quiet: true,
  });
}

export const fleetSummaryKey = (language: string | undefined) => ['fleet', 'home-summary', language] as const;
export const myAdvisoriesKey = (language: string | undefined) =>
  ['advisories', 'home-mine', language] as const;

export function useFleetSummary() {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: fleetSummaryKey(i18n.resolvedLanguage),
    queryFn: ({ signal }) => getFleetSummary(signal),
  });
}

export function useMyAdvisories() {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: myAdvisoriesKey(i18n.resolvedLanguage),
    queryFn: ({ signal }) => getMyAdvisories(signal),
  });
}
