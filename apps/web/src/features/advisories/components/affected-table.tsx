import type { AdvisorySnapshot } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { DetailRows, type RowField } from './detail-rows';

type Affected = AdvisorySnapshot['affected'][number];

/** Affected products with their version range in words ("3.0.0 up to but not including 3.2.1"). */
export function AffectedTable({ affected }: { affected: Affected[] }) {
  const { t } = useTranslation('advisories');
  const fields: RowField<Affected>[] = [
    { key: 'product', label: t('detail.product'), render: (row) => row.productName },
    {
      key: 'kind',
      label: t('detail.kind'),
      render: (row) => t(`kind.${row.kind}`, { defaultValue: row.kind }),
    },
    {
      key: 'range',
      label: t('detail.range'),
      render: (row) =>
        row.affectedFrom
          ? t('detail.rangeFrom', { from: row.affectedFrom, to: row.fixedIn })
          : t('detail.rangeUntil', { to: row.fixedIn }),
    },
    { key: 'fixedIn', label: t('detail.fixedIn'), render: (row) => row.fixedIn },
  ];
  return (
    <DetailRows
      rows={affected}
      fields={fields}
      rowKey={(row) => `${row.productName}-${row.kind}-${row.affectedFrom ?? ''}-${row.fixedIn}`}
      testId="advisory-affected"
    />
  );
}
