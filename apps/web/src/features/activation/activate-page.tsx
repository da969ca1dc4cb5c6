import type { Entitlement } from '@portal/contract';
import { Alert, Card, Empty, Skeleton, Table, type TableColumnsType, Tabs, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMyEntitlements } from './api/get-activation-status';
import { ActivationForm } from './components/activation-form';
import { ActivationHistory } from './components/activation-history';

/**
 * /tools/activate: the management platform's activate and trial subpages. Codes are generated
 * against the entitlements covering the user's servers; the overview shows what is left.
 */
export function ActivatePage({ title }: { title: string }) {
  const { t } = useTranslation('activation');
  const mine = useMyEntitlements();
  const columns: TableColumnsType<Entitlement> = [
    { title: t('entitlement.contractNo'), dataIndex: 'contractNo' },
    { title: t('field.product'), dataIndex: 'product' },
    { title: t('entitlement.serials'), dataIndex: 'serials', render: (_, row) => row.serials.join(', ') },
    {
      title: t('entitlement.nodes'),
      key: 'nodes',
      render: (_, row) => `${row.remainingNodes} / ${row.authorisedNodes}`,
    },
    { title: t('entitlement.maintenanceEnd'), dataIndex: 'maintenanceEnd' },
    {
      title: t('entitlement.type'),
      dataIndex: 'trial',
      render: (_, row) =>
        row.trial ? (
          <Tag color="gold">{t('entitlement.trial', { days: row.trialDays })}</Tag>
        ) : (
          <Tag>{t('entitlement.paid')}</Tag>
        ),
    },
  ];

  const body = () => {
    if (mine.isPending) return <Skeleton active />;
    if (mine.isError) return <Alert type="error" showIcon title={mine.error.message} />;
    if (mine.data.length === 0) return <Empty description={t('entitlement.none')} />;
    return (
      <>
        <Table<Entitlement>
          data-testid="my-entitlements"
          rowKey="id"
          size="small"
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={mine.data}
          columns={columns}
          style={{ marginBottom: 16 }}
        />
        <Tabs
          items={[
            {
              key: 'code',
              label: t('tab.activate'),
              children: <ActivationForm mode="code" entitlements={mine.data} />,
            },
            {
              key: 'trial',
              label: t('tab.trial'),
              children: <ActivationForm mode="trial" entitlements={mine.data} />,
            },
            { key: 'history', label: t('tab.history'), children: <ActivationHistory /> },
          ]}
        />
      </>
    );
  };

  return (
    <Card title={title} data-testid="activate-page">
      {body()}
    </Card>
  );
}
