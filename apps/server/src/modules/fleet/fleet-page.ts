import type { FleetPage, FleetQuery, Locale } from '@portal/contract';
import { type ComplianceContext, serverState } from '@portal/contract/compliance';
import type { Db } from '../../db/connection';
import { contextKeyOf } from './fleet-context-key';
import { type FleetScope, organisationIdOfUser } from './fleet-scope.repository';
import {
  scopeKeyOf,
  scopeState,
  type StaleServer,
  staleInputs,
  storedPage,
  storedSerials,
  storeStates,
  widenScope,
} from './fleet-states.repository';

/** What paging needs: the database, and the scope's context as the rules read it now. */
export type CompliancePaging = {
  db: Db;
  context: (
    scope: FleetScope,
    models: number[],
    parts: string[],
    locale: Locale,
  ) => Promise<ComplianceContext>;
};

const hashOf = (context: ComplianceContext) =>
  contextKeyOf(
    context.releases,
    context.advisories,
    [...context.baselineOf.values()],
    context.unsupportedModels ?? [],
  );
const statesOf = (servers: StaleServer[], context: ComplianceContext) =>
  servers.map((server) => ({ ...server, ...serverState(server, server.reported, context) }));

/**
 * One page of the scope's servers with their worst state, and the summary over all of them,
 * answered from the stored states (fleet-states.ts) after recomputing the stale ones: those never
 * computed for this scope, those whose inputs changed since (a report, a serial edit: their
 * change counter moved), and all of them when the scope's context changed (a publish, a recall,
 * an embargo ending, an advisory published or revised, a grant, a baseline). What is fresh is
 * decided by the database (counters bumped by triggers, a hash of the context read now), so
 * several portal processes share the states and never show one older than the request. "My
 * servers" must stay fast on a real fleet, where nearly every server runs a combination of its
 * own (issue 40): an event that changes everyone's inputs costs one slower request per scope.
 */
export async function pageOfScope(
  paging: CompliancePaging,
  scope: FleetScope,
  query: FleetQuery,
  locale: Locale,
): Promise<FleetPage> {
  const { db } = paging;
  const scopeKey = scopeKeyOf(scope);
  // Inputs read before the scope's context had to be widened (new models or cards): kept.
  let inputs: StaleServer[] | undefined;
  for (let attempt = 0; ; attempt += 1) {
    const { generation, modelIds, pns } = await scopeState(db, scopeKey);
    const context = await paging.context(scope, modelIds, pns, locale);
    const contextKey = hashOf(context);
    if (!inputs) {
      const stored = await storedPage(db, scope, contextKey, query);
      // Still stale after recomputing: written meanwhile by a later request (or a report that
      // came after this one began); its rows are as fresh as this request.
      if (stored.stale.length === 0 || attempt >= 3)
        return {
          rows: stored.rows,
          totalRows: stored.totalRows,
          pageNo: query.pageNo,
          summary: stored.summary,
        };
      inputs = await staleInputs(db, stored.stale);
    }
    const knownModels = new Set(modelIds);
    const knownPns = new Set(pns);
    const newModels = new Set(inputs.map((server) => server.modelId).filter((id) => !knownModels.has(id)));
    const newPns = new Set(
      inputs
        .flatMap((server) => [
          ...server.pcieParts,
          ...server.reported.flatMap((row) => (row.pn ? [row.pn] : [])),
        ])
        .filter((pn) => !knownPns.has(pn)),
    );
    if (newModels.size > 0 || newPns.size > 0) {
      await widenScope(db, scopeKey, [...newModels], [...newPns]);
      continue;
    }
    await storeStates(db, scopeKey, contextKey, generation, statesOf(inputs, context));
    inputs = undefined;
  }
}

/**
 * Right after a report committed: recomputes the states the reporter's scopes (the account's
 * own, and its organisation's as staff see it) already store for the reported servers, so the
 * next page finds them fresh instead of recomputing them. Only a head start: the page still
 * judges every state by the database's counters, so the caller lets a failure here pass (the
 * report stands) and a server of a model or card new to the scope is left to the page.
 */
export async function refreshReportedStates(paging: CompliancePaging, userId: number, sns: string[]) {
  if (sns.length === 0) return;
  const { db } = paging;
  const organisationId = await organisationIdOfUser(db, userId);
  const scopes: FleetScope[] = [{ userId }];
  if (organisationId !== null) scopes.push({ organisationId });
  for (const scope of scopes) {
    const scopeKey = scopeKeyOf(scope);
    // The generation is taken first, as the page does: a later computation's rows are kept.
    const { generation, modelIds, pns } = await scopeState(db, scopeKey);
    const stored = await storedSerials(db, scopeKey, sns);
    if (stored.length === 0) continue;
    const inputs = await staleInputs(db, stored);
    const knownModels = new Set(modelIds);
    const knownPns = new Set(pns);
    const known = inputs.filter(
      (server) =>
        knownModels.has(server.modelId) &&
        server.pcieParts.every((pn) => knownPns.has(pn)) &&
        server.reported.every((row) => !row.pn || knownPns.has(row.pn)),
    );
    // The locale only words the targets; the states and counts stored do not depend on it.
    const context = await paging.context(scope, modelIds, pns, 'en-US');
    await storeStates(db, scopeKey, hashOf(context), generation, statesOf(known, context));
  }
}
