import type { AdvisorySnapshot } from '@portal/contract';
import { vexStatusOf } from '@portal/contract/vex';
import { useTranslation } from 'react-i18next';
import { pickLanguage } from '../utils/pick-language';
import { DetailRows, type RowField } from './detail-rows';

type Affected = AdvisorySnapshot['affected'][number];

/** The version range in words ("3.0.0 up to but not including 3.2.1", "every version"). */
function useRangeText() {
  const { t } = useTranslation('advisories');
  return (row: Affected) => {
    if (row.affectedFrom && row.fixedIn)
      return t('detail.rangeFrom', { from: row.affectedFrom, to: row.fixedIn });
    if (row.fixedIn) return t('detail.rangeUntil', { to: row.fixedIn });
    if (row.affectedFrom) return t('detail.rangeSince', { from: row.affectedFrom });
    return t('detail.rangeAll');
  };
}

/**
 * The products an advisory speaks of, each with its status (VEX, issue 43 §2), version range, fix
 * and, for a product not affected, why (justification and impact statement in the reader's language).
 */
export function AffectedTable({ affected }: { affected: Affected[] }) {
  const { t, i18n } = useTranslation('advisories');
  const rangeText = useRangeText();
  const fields: RowField<Affected>[] = [
    { key: 'product', label: t('detail.product'), render: (row) => row.productName },
    {
      key: 'kind',
      label: t('detail.kind'),
      render: (row) => t(`kind.${row.kind}`, { defaultValue: row.kind }),
    },
    { key: 'status', label: t('detail.status'), render: (row) => t(`vex.status.${vexStatusOf(row)}`) },
    { key: 'range', label: t('detail.range'), render: rangeText },
    {
      key: 'fixedIn',
      label: t('detail.fixedIn'),
      render: (row) => (vexStatusOf(row) === 'known_affected' ? row.fixedIn : '') || '—',
    },
    {
      key: 'reason',
      label: t('detail.reason'),
      render: (row) =>
        row.justification
          ? `${t(`vex.justification.${row.justification}`)}${(() => {
              const impact = pickLanguage(i18n.language, row.impactZh ?? '', row.impactEn ?? '');
              return impact ? t('detail.reasonImpact', { impact }) : '';
            })()}`
          : '—',
    },
  ];
  return (
    <DetailRows
      rows={affected}
      fields={fields}
      rowKey={(row) =>
        `${row.productName}-${row.kind}-${vexStatusOf(row)}-${row.affectedFrom ?? ''}-${row.fixedIn ?? ''}`
      }
      testId="advisory-affected"
    />
  );
}
