import { QuestionCircleOutlined } from '@ant-design/icons';
import type { BoundSn } from '@portal/contract';
import { App, Button, Popconfirm, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { CompactTable } from '@/components/list-table/compact-table';
import { formatDateTime } from '@/lib/format';
import { useUnbindSerial } from '../api/unbind-serial';

// antd types onRow's answer as plain HTML attributes, which have no data-* keys.
const rowAttributes = (serial: BoundSn): HTMLAttributes<HTMLElement> =>
  ({ 'data-testid': 'bound-sn-row', 'data-sn': serial.sn }) as HTMLAttributes<HTMLElement>;

/** The serial numbers bound to the account, with their state and removal. */
export function BoundSerialsTable({ serials, loading }: { serials: BoundSn[]; loading: boolean }) {
  const { t } = useTranslation('account');
  const { message } = App.useApp();
  const unbind = useUnbindSerial({
    onSuccess: (_verification, sn) => void message.success(t('binding.removed', { sn })),
    onError: (error) => void message.error(error.message),
  });

  const columns: TableColumnsType<BoundSn> = [
    { title: t('binding.column.sn'), dataIndex: 'sn' },
    {
      title: t('binding.column.model'),
      dataIndex: 'model',
      render: (_, serial) =>
        serial.model ? (
          <>
            {serial.modelName} <Typography.Text type="secondary">({serial.model})</Typography.Text>
          </>
        ) : (
          // Pending: the server is not the account's until support confirms it.
          <Typography.Text type="secondary">{t('binding.modelHidden')}</Typography.Text>
        ),
    },
    {
      title: t('binding.column.state'),
      dataIndex: 'state',
      render: (_, { state }) =>
        state === 'verified' ? (
          <Tag color="success" data-testid="sn-state" data-state={state}>
            {t('binding.state.verified')}
          </Tag>
        ) : (
          <Tooltip title={t('binding.state.pendingHint')}>
            <Tag color="warning" data-testid="sn-state" data-state={state} icon={<QuestionCircleOutlined />}>
              {t('binding.state.pending')}
            </Tag>
          </Tooltip>
        ),
    },
    {
      title: t('binding.column.maintenanceEnd'),
      dataIndex: 'maintenanceEnd',
      render: (_, { maintenanceEnd }) => formatDateTime(maintenanceEnd, 'YYYY-MM-DD') || '-',
    },
    {
      title: t('binding.column.boundAt'),
      dataIndex: 'boundAt',
      render: (_, { boundAt }) => formatDateTime(boundAt),
    },
    {
      key: 'action',
      align: 'end',
      render: (_, { sn }) => (
        <Popconfirm
          title={t('binding.remove.confirm', { sn })}
          okText={t('binding.remove.ok')}
          cancelText={t('custom.cancel')}
          okButtonProps={{ danger: true, 'data-testid': 'sn-remove-ok' }}
          onConfirm={() => unbind.mutateAsync(sn).catch(() => undefined)}
        >
          <Button
            size="small"
            danger
            data-testid="sn-remove"
            loading={unbind.isPending && unbind.variables === sn}
          >
            {t('binding.remove.button')}
          </Button>
        </Popconfirm>
      ),
    },
  ];

  return (
    <CompactTable<BoundSn>
      testId="bound-sn-table"
      rowKey="sn"
      loading={loading}
      dataSource={serials}
      columns={columns}
      onRow={rowAttributes}
      emptyText={t('binding.empty')}
    />
  );
}
