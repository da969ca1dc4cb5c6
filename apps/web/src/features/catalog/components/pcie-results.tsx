import type { PcieLookupResult } from '@portal/contract';
import { Alert, Button, Grid, Space, Table, type TableColumnsType, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useShowTotal } from '@/lib/show-total';
import { type PcieRow, pcieRowsOf } from '../utils/pcie-rows';
import { DownloadButton } from './download-button';

type PcieResultsProps = {
  result: PcieLookupResult;
  onOpen: (versionId: number) => void;
};

/** The lookup answer: per SN its cards, per card the newest firmware the reader may download. */
export function PcieResults({ result, onOpen }: PcieResultsProps) {
  const { t } = useTranslation('catalog');
  const showTotal = useShowTotal();
  const rows = pcieRowsOf(result);
  // On a phone a fixed actions column would cover the firmware and its version.
  const phone = Grid.useBreakpoint().xs === true;
  const columns: TableColumnsType<PcieRow> = [
    ...(result.by === 'sn'
      ? [
          { title: t('pcie.column.sn'), dataIndex: 'sn' },
          {
            title: t('pcie.column.model'),
            dataIndex: 'model',
            render: (_: unknown, row: PcieRow) =>
              row.found ? (
                (row.model ?? '-')
              ) : (
                <Typography.Text type="danger">{t('pcie.snNotFound')}</Typography.Text>
              ),
          },
        ]
      : []),
    {
      title: t('pcie.column.pn'),
      dataIndex: 'pn',
      render: (_, row) => row.pn ?? (row.found ? t('pcie.noCards') : '-'),
    },
    {
      title: t('pcie.column.latest'),
      key: 'latest',
      render: (_, row) =>
        row.latest ? (
          <Space size={4} wrap>
            <span>{row.latest.itemName}</span>
            <Typography.Text strong>{row.latest.version}</Typography.Text>
            {row.older > 0 && (
              <Typography.Text type="secondary">{t('pcie.older', { n: row.older })}</Typography.Text>
            )}
          </Space>
        ) : row.pn ? (
          <Typography.Text type="secondary">{t('pcie.noFirmware')}</Typography.Text>
        ) : (
          '-'
        ),
    },
    {
      title: t('column.releaseDate'),
      key: 'releaseDate',
      render: (_, row) => row.latest?.releaseDate ?? '-',
    },
    {
      title: t('column.actions'),
      key: 'actions',
      fixed: phone ? undefined : 'right',
      render: (_, { latest }) =>
        latest && (
          <Space size="small">
            <Button size="small" onClick={() => onOpen(latest.versionId)}>
              {t('action.details')}
            </Button>
            <DownloadButton versionId={latest.versionId} />
          </Space>
        ),
    },
  ];
  return (
    <div data-testid="pcie-results">
      {result.truncated && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('pcie.truncated', { shown: result.serials.length, total: result.totalSerials })}
        />
      )}
      <Table<PcieRow>
        rowKey="key"
        size="middle"
        scroll={{ x: 'max-content' }}
        dataSource={rows}
        columns={columns}
        pagination={{ pageSize: 20, hideOnSinglePage: true, showTotal }}
        onRow={(row) => ({ 'data-sn': row.sn ?? '', 'data-pn': row.pn ?? '' }) as object}
      />
    </div>
  );
}
