import type { Entitlement } from '@portal/contract';
import { Empty, Select, Skeleton, Space, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureAlert, failureOf } from '@/components/failure-alert';
import { CompactTable } from '@/components/list-table/compact-table';
import { useMyEntitlements } from '../api/get-activation-status';
import { ActivationForm } from './activation-form';
import { ActivationHistory } from './activation-history';
import { EntitlementStatus } from './entitlement-status';

export type LicenceView = 'activate' | 'maintenance' | 'trial' | 'history';

/** The user's entitlements: contract, servers, nodes left, maintenance end. */
function EntitlementOverview({ entitlements }: { entitlements: Entitlement[] }) {
  const { t } = useTranslation('activation');
  const columns: TableColumnsType<Entitlement> = [
    { title: t('entitlement.contractNo'), dataIndex: 'contractNo' },
    { title: t('field.product'), dataIndex: 'productName' },
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
  return (
    <CompactTable<Entitlement>
      testId="my-entitlements"
      dataSource={entitlements}
      columns={columns}
      style={{ marginBottom: 16 }}
    />
  );
}

/** Maintenance subpage: pick one of my servers and a product, see nodes left and maintenance time. */
function MaintenanceView({ entitlements }: { entitlements: Entitlement[] }) {
  const { t } = useTranslation('activation');
  const paid = entitlements.filter((entitlement) => !entitlement.trial);
  const pairs = paid.flatMap((entitlement) =>
    entitlement.serials.map((sn) => ({
      sn,
      product: entitlement.product,
      productName: entitlement.productName,
    })),
  );
  const unique = [...new Map(pairs.map((pair) => [`${pair.sn}|${pair.product}`, pair])).values()];
  const [chosen, setChosen] = useState(unique[0]);
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {/* A visible label, tied to the select's input (axe: every form field has a label). */}
      <label htmlFor="maintenance-target">{t('status.target')}</label>
      <Select
        id="maintenance-target"
        // 320 px at least, but never wider than a phone's card (it widened the page at 390 px).
        style={{ minWidth: 'min(320px, 100%)', maxWidth: '100%' }}
        data-testid="maintenance-target"
        value={chosen ? `${chosen.sn}|${chosen.product}` : undefined}
        onChange={(value: string) => setChosen(unique.find((pair) => `${pair.sn}|${pair.product}` === value))}
        options={unique.map((pair) => ({
          value: `${pair.sn}|${pair.product}`,
          label: `${pair.sn} · ${pair.productName}`,
        }))}
        placeholder={t('status.choose')}
      />
      <EntitlementStatus target={chosen ?? null} />
    </Space>
  );
}

/**
 * The management platform's licence subpages (spec 1): activate (with the history of codes),
 * maintenance time and nodes left, and trial licences — against the user's own entitlements.
 */
export function LicencePanel({ view }: { view: LicenceView }) {
  const { t } = useTranslation('activation');
  const mine = useMyEntitlements();
  if (mine.isPending) return <Skeleton active />;
  if (mine.isError) return <FailureAlert failure={failureOf(mine.error)} gap={0} />;
  if (view === 'history') return <ActivationHistory />;
  if (mine.data.length === 0) return <Empty description={t('entitlement.none')} />;
  return (
    <div data-testid={`licence-${view}`}>
      <EntitlementOverview entitlements={mine.data} />
      {view === 'activate' && <ActivationForm mode="code" entitlements={mine.data} />}
      {view === 'trial' && <ActivationForm mode="trial" entitlements={mine.data} />}
      {view === 'maintenance' && <MaintenanceView entitlements={mine.data} />}
    </div>
  );
}
