import { compareVersions, isOrderableVersion } from '../version-order';
import type { AffectedRow } from './types';

/**
 * Whether one affected-product row concerns a server: the model (or a PCIe card's part number)
 * matches and, when the server reported the version it runs for that kind (or card), the version
 * lies in the range. A server that reported nothing is taken as affected: a customer is told too
 * much rather than too little.
 */
export function rowAffects(
  row: AffectedRow,
  server: { modelId: number; pcieParts: string[]; installed: Record<string, string> },
): boolean {
  const matches =
    row.modelId !== null ? server.modelId === row.modelId : server.pcieParts.includes(row.pn ?? '');
  if (!matches) return false;
  const installed = server.installed[row.modelId !== null ? row.kind : (row.pn ?? '')];
  if (!installed) return true;
  if (row.affectedFrom && compareVersions(installed, row.affectedFrom) < 0) return false;
  return compareVersions(installed, row.fixedIn) < 0;
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
 * Whether a row makes this one component of a server vulnerable: it names the component and the
 * installed version lies in its range. A version the catalogue cannot order is never judged
 * (its state is unknown, not vulnerable).
 */
export function rowAffectsComponent(
  row: AffectedRow,
  component: { kind: string; pn: string | null },
  modelId: number,
  installed: string,
): boolean {
  return (
    isOrderableVersion(installed) &&
    rowNames(row, component) &&
    rowAffects(row, {
      modelId,
      pcieParts: component.pn ? [component.pn] : [],
      installed: { [row.modelId === null ? (row.pn ?? '') : row.kind]: installed },
    })
  );
}
