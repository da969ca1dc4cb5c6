import { compareVersions, isOrderableVersion } from '../version-order.ts';
import { type CveLookupStatus, type VexStatus, vexStatusOf } from '../vex.ts';
import type { AffectedRow } from './types.ts';

type RowServer = { modelId: number; pcieParts: string[]; installed: Record<string, string> };

/** Where a server's installed versions hold what the row is about: its kind, or the card's part number. */
const keyOf = (row: AffectedRow) => (row.modelId !== null ? row.kind : (row.pn ?? ''));

const namesServer = (row: AffectedRow, server: RowServer) =>
  row.modelId !== null ? server.modelId === row.modelId : server.pcieParts.includes(row.pn ?? '');

/**
 * What one advisory row says of a server (VEX, issue 43 §2): null when it does not name the
 * server's model (or card) or the version the server runs lies outside its range; else the row's
 * status, and `fixed` for a version at or after an affected row's fix. A server that reported
 * nothing, or a version the catalogue cannot order, takes the row's word: a customer is told too
 * much rather than too little, never left out by a guessed order. The audiences of notices and
 * TLP:AMBER readers follow this; My servers and the CVE lookup say `unknown` (rowVerdictFor).
 */
export function rowStatusFor(row: AffectedRow, server: RowServer): VexStatus | null {
  if (!namesServer(row, server)) return null;
  const status = vexStatusOf(row);
  const installed = server.installed[keyOf(row)];
  if (!installed || !isOrderableVersion(installed)) return status;
  if (row.affectedFrom && compareVersions(installed, row.affectedFrom) < 0) return null;
  if (row.fixedIn !== null && compareVersions(installed, row.fixedIn) >= 0)
    return status === 'known_affected' ? 'fixed' : null;
  return status;
}

/**
 * What one advisory row says of a server as My servers judges it: as rowStatusFor, but neither a
 * version the catalogue cannot order nor a component that reported no version is placed in (or
 * out of) a range by a guess. Either is `unknown`, the state My servers (assessComponent) gives
 * such a component, whatever the row says of the versions it can order. The one rule of both My
 * servers and the CVE lookup (issue 43 §2); notices' audiences keep rowStatusFor's wider reach.
 */
export function rowVerdictFor(row: AffectedRow, server: RowServer): CveLookupStatus | null {
  const installed = server.installed[keyOf(row)];
  if (!installed || !isOrderableVersion(installed)) return namesServer(row, server) ? 'unknown' : null;
  return rowStatusFor(row, server);
}

/**
 * Whether one advisory row makes a server vulnerable: it names the model (or card), says
 * `known_affected`, and the version the server runs (if reported) lies in the range. Products
 * not affected, fixed or under investigation never count as vulnerable.
 */
export function rowAffects(row: AffectedRow, server: RowServer): boolean {
  return rowStatusFor(row, server) === 'known_affected';
}

/**
 * Whether an affected-product row names this component: a part-number row names that PCIe card
 * (whatever kind staff filed it under, e.g. NIC), a model row that firmware kind.
 */
export const rowNames = (
  row: Pick<AffectedRow, 'pn' | 'kind'>,
  component: { kind: string; pn: string | null },
) => (row.pn !== null ? component.kind === 'PCIE' && component.pn === row.pn : row.kind === component.kind);

/**
 * What a row says of this one component of a server: null when it does not name the component or
 * the installed version lies outside its range, else its VEX status there (rowStatusFor). A
 * version the catalogue cannot order is never judged (its state is unknown, not vulnerable nor
 * under investigation).
 */
export function rowStatusForComponent(
  row: AffectedRow,
  component: { kind: string; pn: string | null },
  modelId: number,
  installed: string,
): VexStatus | null {
  if (!installed || !rowNames(row, component)) return null;
  const verdict = rowVerdictFor(row, {
    modelId,
    pcieParts: component.pn ? [component.pn] : [],
    installed: { [keyOf(row)]: installed },
  });
  return verdict === 'unknown' ? null : verdict;
}

/** Whether a row makes this one component of a server vulnerable (`known_affected` there). */
export const rowAffectsComponent = (
  row: AffectedRow,
  component: { kind: string; pn: string | null },
  modelId: number,
  installed: string,
): boolean => rowStatusForComponent(row, component, modelId, installed) === 'known_affected';
