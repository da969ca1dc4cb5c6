import { DEFAULT_PAGE_SIZE, FIRST_PAGE, type Activation } from '@portal/contract';
import { App, Button, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureAlert, failureOf } from '@/components/failure-alert';
import { formatDateTime } from '@/lib/format';
import { downloadActivationFile } from '../api/download-activation-file';
import { useActivationHistory } from '../api/get-activation-status';

/** The user's activation codes, newest first, each one downloadable again. */
export function ActivationHistory() {
  const { t } = useTranslation('activation');
  const { message } = App.useApp();
  const [page, setPage] = useState({ pageNo: FIRST_PAGE, pageSize: DEFAULT_PAGE_SIZE });
  const history = useActivationHistory(page.pageNo, page.pageSize);
  const columns: TableColumnsType<Activation> = [
    { title: t('history.time'), dataIndex: 'createTime', render: (_, row) => formatDateTime(row.createTime) },
    { title: t('field.sn'), dataIndex: 'sn' },
    { title: t('field.machineCode'), dataIndex: 'machineCode' },
    { title: t('field.product'), key: 'product', render: (_, row) => `${row.productName} ${row.version}` },
    {
      title: t('history.nodes'),
      dataIndex: 'nodes',
      render: (_, row) =>
        row.trial ? <Tag color="gold">{t('history.trial', { nodes: row.nodes })}</Tag> : row.nodes,
    },
    {
      title: t('history.expires'),
      // The last day as a day: converting the expiry instant to the reader's zone shifts it.
      dataIndex: 'validThrough',
    },
    {
      title: t('issued.code'),
      dataIndex: 'activationCode',
      render: (_, row) => (
        <Typography.Text copyable={{ text: row.activationCode }} code>
          {row.activationCode.slice(0, 16)}…
        </Typography.Text>
      ),
    },
    {
      title: t('history.actions'),
      key: 'actions',
      render: (_, row) => (
        <Button
          size="small"
          type="link"
          onClick={() =>
            void downloadActivationFile(row).catch(() => void message.error(t('history.downloadFailed')))
          }
        >
          {t('issued.download')}
        </Button>
      ),
    },
  ];
  return (
    <div data-testid="activation-history">
      <FailureAlert failure={failureOf(history.error)} gap={0} />
      <Table<Activation>
        rowKey="id"
        size="middle"
        scroll={{ x: 'max-content' }}
        loading={history.isFetching}
        dataSource={history.data?.rows ?? []}
        columns={columns}
        locale={{ emptyText: t('history.empty') }}
        pagination={{
          current: page.pageNo,
          pageSize: page.pageSize,
          total: history.data?.totalRows ?? 0,
          showTotal: (total, [from, to]) => t('history.total', { from, to, total }),
          onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
        }}
      />
    </div>
  );
}
