import type { CatalogVersionRow, PcieLookupResult } from '@portal/contract';

/** One line of the PCIe result table: a card (by SN: of one server) and its newest firmware. */
export type PcieRow = {
  key: string;
  sn?: string;
  /** False when the SN is unknown (the row then has no card). */
  found: boolean;
  model?: string;
  pn?: string;
  latest?: CatalogVersionRow;
  /** Older visible versions of the card's firmware. */
  older: number;
};

/** Flattens the lookup answer: by SN one row per installed card (or one for a server without any), by PN one per PN. */
export function pcieRowsOf(result: PcieLookupResult): PcieRow[] {
  if (result.by === 'pn')
    return result.parts.map(({ pn, versions }) => ({
      key: pn,
      found: true,
      pn,
      latest: versions[0],
      older: Math.max(versions.length - 1, 0),
    }));
  return result.serials.flatMap(({ sn, found, model, modelName, parts }): PcieRow[] => {
    const modelText = model ? `${model}${modelName ? ` ${modelName}` : ''}` : undefined;
    if (!found || parts.length === 0) return [{ key: sn, sn, found, model: modelText, older: 0 }];
    return parts.map(({ pn, versions }) => ({
      key: `${sn}/${pn}`,
      sn,
      found,
      model: modelText,
      pn,
      latest: versions[0],
      older: Math.max(versions.length - 1, 0),
    }));
  });
}
