import { compareVersions, isOrderableVersion } from '../version-order';
import { type VexStatus, vexStatusOf } from '../vex';
import type { AffectedRow } from './types';

/**
 * What one advisory row says of a server (VEX, issue 43 §2): null when it does not name the
 * server's model (or card) or the version the server runs lies outside its range; else the row's
 * status, and `fixed` for a version at or after an affected row's fix. A server that reported
 * nothing takes the row's word: a customer is told too much rather than too little.
 */
export function rowStatusFor(
  row: AffectedRow,
  server: { modelId: number; pcieParts: string[]; installed: Record<string, string> },
): VexStatus | null {
  const matches =
    row.modelId !== null ? server.modelId === row.modelId : server.pcieParts.includes(row.pn ?? '');
  if (!matches) return null;
  const status = vexStatusOf(row);
  const installed = server.installed[row.modelId !== null ? row.kind : (row.pn ?? '')];
  if (!installed) return status;
  if (row.affectedFrom && compareVersions(installed, row.affectedFrom) < 0) return null;
  if (row.fixedIn !== null && compareVersions(installed, row.fixedIn) >= 0)
    return status === 'known_affected' ? 'fixed' : null;
  return status;
}

/**
 * Whether one advisory row makes a server vulnerable: it names the model (or card), says
 * `known_affected`, and the version the server runs (if reported) lies in the range. Products
 * not affected, fixed or under investigation never count as vulnerable.
 */
export function rowAffects(
  row: AffectedRow,
  server: { modelId: number; pcieParts: string[]; installed: Record<string, string> },
): boolean {
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
  if (!isOrderableVersion(installed) || !rowNames(row, component)) return null;
  return rowStatusFor(row, {
    modelId,
    pcieParts: component.pn ? [component.pn] : [],
    installed: { [row.modelId === null ? (row.pn ?? '') : row.kind]: installed },
  });
}

/** Whether a row makes this one component of a server vulnerable (`known_affected` there). */
export const rowAffectsComponent = (
  row: AffectedRow,
  component: { kind: string; pn: string | null },
  modelId: number,
  installed: string,
): boolean => rowStatusForComponent(row, component, modelId, installed) === 'known_affected';
