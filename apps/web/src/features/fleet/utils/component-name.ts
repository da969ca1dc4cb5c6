import type { ComponentCompliance } from '@portal/contract';
import type { TFunction } from 'i18next';

/** A component in words: "BMC", or "PCIe card X710-DA2, slot 3". */
export function componentNameOf(
  component: Pick<ComponentCompliance, 'kind' | 'pn' | 'slot'>,
  t: TFunction<'fleet'>,
): string {
  const kind = t(`kind.${component.kind}`);
  const parts = [component.pn ? `${kind} ${component.pn}` : kind];
  if (component.slot) parts.push(t('detail.slot', { slot: component.slot }));
  return parts.join(t('detail.separator'));
}
