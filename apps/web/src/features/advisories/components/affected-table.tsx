import type { AdvisorySnapshot } from '@portal/contract';
import { Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';

type Affected = AdvisorySnapshot['affected'][number];

/** Affected products with their version range in words ("3.0.0 up to but not including 3.2.1"). */
export function AffectedTable({ affected }: { affected: Affected[] }) {
  const { t } = useTranslation('advisories');
  const columns: TableColumnsType<Affected> = [
    { title: t('detail.product'), dataIndex: 'productName' },
    {
      title: t('detail.kind'),
      dataIndex: 'kind',
      render: (_, row) => t(`kind.${row.kind}`, { defaultValue: row.kind }),
    },
    {
      title: t('detail.range'),
      key: 'range',
      render: (_, row) =>
        row.affectedFrom
          ? t('detail.rangeFrom', { from: row.affectedFrom, to: row.fixedIn })
          : t('detail.rangeUntil', { to: row.fixedIn }),
    },
    { title: t('detail.fixedIn'), dataIndex: 'fixedIn' },
  ];
  return (
    <Table<Affected>
      rowKey={(row) => `${row.productName}-${row.kind}-${row.affectedFrom ?? ''}-${row.fixedIn}`}
      size="small"
      pagination={false}
      scroll={{ x: 'max-content' }}
      columns={columns}
      dataSource={affected}
      data-testid="advisory-affected"
    />
  );
}
