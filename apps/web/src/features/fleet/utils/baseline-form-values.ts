import { type FleetBaseline, type FleetBaselineInput, SERVER_FIRMWARE_KINDS } from '@portal/contract';
import type { TFunction } from 'i18next';

const PCIE_PREFIX = 'PCIE:';

/** The baseline form: a version per firmware kind of the model, and PCIe cards by part number. */
export type BaselineFormValues = {
  model?: string;
  name: string;
  kinds: Partial<Record<string, number | null>>;
  cards: { pn?: string; versionId?: number | null }[];
};

export const NEW_BASELINE: BaselineFormValues = { name: '', kinds: {}, cards: [] };

export function toBaselineFormValues(baseline: FleetBaseline): BaselineFormValues {
  const values: BaselineFormValues = { model: baseline.model, name: baseline.name, kinds: {}, cards: [] };
  for (const { component, versionId } of baseline.versions) {
    if (component.startsWith(PCIE_PREFIX))
      values.cards.push({ pn: component.slice(PCIE_PREFIX.length), versionId });
    else values.kinds[component] = versionId;
  }
  return values;
}

/** What PUT /fleet/baselines/:model takes: `{BMC: versionId, 'PCIE:<PN>': versionId}`. */
export function toBaselineInput(values: BaselineFormValues): FleetBaselineInput {
  const versions: Record<string, number> = {};
  for (const kind of SERVER_FIRMWARE_KINDS) {
    const versionId = values.kinds[kind];
    if (versionId) versions[kind] = versionId;
  }
  for (const card of values.cards) {
    const pn = card.pn?.trim().toUpperCase();
    if (pn && card.versionId) versions[`${PCIE_PREFIX}${pn}`] = card.versionId;
  }
  return { name: values.name.trim(), versions };
}

/** A baseline component in words: "BMC", "PCIe card X710-DA2". */
export function baselineComponentName(component: string, t: TFunction<'fleet'>): string {
  return component.startsWith(PCIE_PREFIX)
    ? `${t('kind.PCIE')} ${component.slice(PCIE_PREFIX.length)}`
    : t(`kind.${component}` as 'kind.PCIE');
}
