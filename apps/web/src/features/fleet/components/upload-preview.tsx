import type { InventoryUploadResult } from '@portal/contract';
import { Alert, Flex, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/lib/format';

type UploadError = InventoryUploadResult['errors'][number];
type UploadChange = InventoryUploadResult['changes'][number];

/** What a checked upload found: its size, each wrong line with the server's (translated) message, what changes. */
export function UploadPreview({ result }: { result: InventoryUploadResult }) {
  const { t } = useTranslation('fleet');
  return (
    <Flex vertical gap={12} data-testid="upload-preview">
      <Typography.Text strong data-testid="upload-counts">
        {t('upload.preview', {
          lines: formatNumber(result.lines),
          servers: formatNumber(result.servers),
          changed: formatNumber(result.changed),
        })}
      </Typography.Text>
      {result.errors.length > 0 && (
        <>
          <Alert
            type="error"
            showIcon
            title={t('upload.errors', { lines: formatNumber(result.errors.length) })}
            data-testid="upload-errors-alert"
          />
          <Table<UploadError>
            size="small"
            rowKey={(row) => `${row.line}-${row.sn}-${row.message}`}
            pagination={result.errors.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
            dataSource={result.errors}
            columns={[
              { key: 'line', title: t('upload.errorLine'), dataIndex: 'line', width: 72 },
              { key: 'sn', title: t('upload.errorSn'), dataIndex: 'sn' },
              { key: 'message', title: t('upload.errorMessage'), dataIndex: 'message' },
            ]}
            data-testid="upload-errors"
          />
        </>
      )}
      <Typography.Text strong>{t('upload.changes')}</Typography.Text>
      {result.changed > result.changes.length && (
        <Typography.Text type="secondary">
          {t('upload.changesMore', {
            shown: formatNumber(result.changes.length),
            total: formatNumber(result.changed),
          })}
        </Typography.Text>
      )}
      <Table<UploadChange>
        size="small"
        rowKey={(row) => `${row.sn}-${row.component}`}
        pagination={result.changes.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
        dataSource={result.changes}
        locale={{ emptyText: t('upload.noChanges') }}
        columns={[
          { key: 'sn', title: t('upload.errorSn'), dataIndex: 'sn' },
          { key: 'component', title: t('detail.component'), dataIndex: 'component' },
          {
            key: 'from',
            title: t('upload.from'),
            render: (_, row) =>
              row.from ?? <Typography.Text type="secondary">{t('upload.none')}</Typography.Text>,
          },
          { key: 'to', title: t('upload.to'), dataIndex: 'to' },
        ]}
        data-testid="upload-changes"
      />
    </Flex>
  );
}
