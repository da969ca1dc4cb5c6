import { type InstalledBase, INVENTORY_KINDS, type InventoryKind } from '@portal/contract';
import { Alert, Card, Flex, Input, Select, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureAlert, failureOf } from '@/components/failure-alert';
import { formatNumber } from '@/lib/format';
import { type InstalledBaseParams, useInstalledBase } from '../api/get-installed-base';

type VersionRow = InstalledBase['versions'][number];

/**
 * The vendor's installed base: how many servers (of how many customers) run each version of a
 * component kind, optionally of one model or part number, and who is exposed to a CVE.
 */
export function InstalledBaseCard() {
  const { t } = useTranslation('system');
  const [params, setParams] = useState<InstalledBaseParams>({ kind: 'BMC' });
  const base = useInstalledBase(params);
  const set = (change: Partial<InstalledBaseParams>) => setParams((current) => ({ ...current, ...change }));
  const exposed = base.data?.exposed;
  // Every PCIe card at once: each row is one part number's version.
  const perCard = base.data?.versions.some((row) => row.pn !== null) ?? false;
  return (
    <Card size="small" title={t('installedBase.title')} data-testid="installed-base">
      <Flex wrap gap={8} style={{ marginBottom: 12 }}>
        <Select<InventoryKind>
          value={params.kind}
          onChange={(kind) => set({ kind })}
          aria-label={t('installedBase.kind')}
          style={{ width: 160 }}
          options={INVENTORY_KINDS.map((kind) => ({ value: kind, label: t(`kind.${kind}`) }))}
          data-testid="installed-base-kind"
        />
        <Input.Search
          allowClear
          placeholder={params.kind === 'PCIE' ? t('installedBase.pn') : t('installedBase.model')}
          aria-label={params.kind === 'PCIE' ? t('installedBase.pn') : t('installedBase.model')}
          style={{ width: 200 }}
          maxLength={64}
          onSearch={(value) =>
            set(
              params.kind === 'PCIE'
                ? { pn: value.trim(), model: undefined }
                : { model: value.trim(), pn: undefined },
            )
          }
          data-testid="installed-base-product"
        />
        <Input.Search
          allowClear
          placeholder={t('installedBase.cve')}
          aria-label={t('installedBase.cve')}
          style={{ width: 200 }}
          maxLength={32}
          onSearch={(value) => set({ cve: value.trim() })}
          data-testid="installed-base-cve"
        />
      </Flex>
      <FailureAlert failure={failureOf(base.error, t('installedBase.loadFailed'))} />
      {exposed && params.cve && (
        <ExposureAlert exposure={exposed} cve={params.cve} kind={params.kind} pn={params.pn} />
      )}
      <Table<VersionRow>
        rowKey={(row) => `${row.pn ?? ''} ${row.version}`}
        size="small"
        pagination={false}
        loading={base.isFetching}
        dataSource={base.data?.versions ?? []}
        locale={{ emptyText: t('installedBase.empty') }}
        columns={[
          ...(perCard ? [{ title: t('installedBase.partNumber'), dataIndex: 'pn' }] : []),
          { title: t('installedBase.version'), dataIndex: 'version' },
          {
            title: t('installedBase.servers'),
            dataIndex: 'servers',
            align: 'right',
            render: (_, row) => formatNumber(row.servers),
          },
          {
            title: t('installedBase.customers'),
            dataIndex: 'customers',
            align: 'right',
            render: (_, row) => formatNumber(row.customers),
          },
        ]}
        data-testid="installed-base-table"
      />
      {base.data && (
        <Typography.Text type="secondary" data-testid="installed-base-total">
          {t('installedBase.total', { count: base.data.servers, servers: formatNumber(base.data.servers) })}
        </Typography.Text>
      )}
    </Card>
  );
}

const isKind = (name: string): name is InventoryKind => (INVENTORY_KINDS as readonly string[]).includes(name);

/**
 * A CVE's exposure: a count (green only when it is a real 0), or why there is none to give: no
 * advisory names the CVE, or its advisories concern other kinds or cards than the one chosen.
 */
function ExposureAlert({
  exposure,
  cve,
  kind,
  pn,
}: {
  exposure: NonNullable<InstalledBase['exposed']>;
  cve: string;
  kind: InventoryKind;
  pn?: string;
}) {
  const { t } = useTranslation('system');
  const common = { showIcon: true, style: { marginBottom: 12 }, 'data-testid': 'installed-base-exposed' };
  if (exposure.status === 'noAdvisory')
    return <Alert {...common} type="info" title={t('installedBase.noAdvisory', { cve })} />;
  if (exposure.status === 'notConcerned') {
    const chosen = pn
      ? t('installedBase.card', { pn })
      : t('installedBase.kindFirmware', { kind: t(`kind.${kind}`) });
    // A kind by its name, a card by its part number.
    const named = exposure.kinds.map((name) => (isKind(name) ? t(`kind.${name}`) : name)).join(', ');
    return <Alert {...common} type="info" title={t('installedBase.notConcerned', { cve, chosen, named })} />;
  }
  return (
    <Alert
      {...common}
      type={exposure.servers > 0 ? 'warning' : 'success'}
      title={t('installedBase.exposed', {
        cve,
        count: exposure.servers,
        servers: t('installedBase.serverCount', {
          count: exposure.servers,
          formatted: formatNumber(exposure.servers),
        }),
        customers: t('installedBase.customerCount', {
          count: exposure.customers,
          formatted: formatNumber(exposure.customers),
        }),
      })}
    />
  );
}
