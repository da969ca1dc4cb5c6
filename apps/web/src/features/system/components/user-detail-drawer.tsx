import type { UserAdminRow } from '@portal/contract';
import {
  App,
  Button,
  Descriptions,
  Drawer,
  Input,
  Popconfirm,
  Skeleton,
  Space,
  Table,
  Tabs,
  type TableColumnsType,
  Tag,
} from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureAlert, failureOf } from '@/components/failure-alert';
import { CompactTable } from '@/components/list-table/compact-table';
import { Authorized } from '@/lib/access';
import { formatDateTime } from '@/lib/format';
import { formatSize } from '@/lib/format-size';
import { useBindUserSerials, useUnbindUserSerial, useUserDetail } from '../api/users';
import { OrganisationAssign } from './organisation-assign';

interface UserDetailDrawerProps {
  user: UserAdminRow;
  onClose: () => void;
  /** The user's personal access tokens (from the automation feature); no tab without it. */
  renderApiTokens?: (user: UserAdminRow) => ReactNode;
}

/** What support looks at for one user: sessions, sign-ins, downloads, bound servers and API tokens. */
export function UserDetailDrawer({ user, onClose, renderApiTokens }: UserDetailDrawerProps) {
  const { t } = useTranslation('system');
  const { message } = App.useApp();
  const detail = useUserDetail(user.id);
  const bind = useBindUserSerials();
  const unbind = useUnbindUserSerial();
  const [serials, setSerials] = useState('');
  const onError = { onError: (error: Error) => void message.error(error.message) };
  // Sign-ins and downloads are both a log of what the user did: one tab each, alike but for the
  // columns after the first, which says when it happened.
  const logTab = <Row extends { createTime: string }>(
    key: 'logins' | 'downloads',
    rows: Row[],
    columns: TableColumnsType<Row>,
  ) => ({
    key,
    label: t(`users.detail.${key}`),
    children: (
      <CompactTable
        testId={`user-${key}`}
        dataSource={rows}
        columns={[
          {
            title: t('users.detail.time'),
            dataIndex: 'createTime',
            render: (value: string) => formatDateTime(value),
          },
          ...columns,
        ]}
      />
    ),
  });

  const body = () => {
    if (detail.isPending) return <Skeleton active />;
    if (detail.isError) return <FailureAlert failure={failureOf(detail.error)} gap={0} />;
    const { sessions, logins, downloads, serials: bound } = detail.data;
    return (
      <Tabs
        items={[
          {
            key: 'sessions',
            label: t('users.detail.sessions', { count: sessions.length }),
            // Not CompactTable: its sideways scroll widens columns to their content, undoing the cut device column.
            children: (
              <Table
                rowKey="id"
                size="small"
                pagination={false}
                dataSource={sessions}
                columns={[
                  { title: 'IP', dataIndex: 'ip' },
                  { title: t('users.detail.device'), dataIndex: 'userAgent', ellipsis: true },
                  {
                    title: t('users.detail.since'),
                    dataIndex: 'createTime',
                    render: (value: string) => formatDateTime(value),
                  },
                ]}
              />
            ),
          },
          logTab('logins', logins, [
            { title: t('users.detail.result'), dataIndex: 'message' },
            { title: 'IP', dataIndex: 'ip' },
          ]),
          logTab('downloads', downloads, [
            {
              title: t('users.detail.content'),
              key: 'content',
              render: (_, row) => `${row.itemName} ${row.version}`,
            },
            {
              title: t('users.detail.bytes'),
              dataIndex: 'bytes',
              render: (bytes: number) => formatSize(bytes),
            },
          ]),
          {
            key: 'serials',
            label: t('users.detail.serials'),
            children: (
              <>
                <Authorized code="sysUser:edit">
                  <Space.Compact style={{ marginBottom: 12, width: '100%' }}>
                    <Input
                      value={serials}
                      onChange={(event) => setSerials(event.target.value)}
                      placeholder={t('users.detail.serialsPlaceholder')}
                      data-testid="user-bind-serials"
                    />
                    <Button
                      type="primary"
                      loading={bind.isPending}
                      onClick={() => {
                        const list = serials.split(/[\s,]+/).filter(Boolean);
                        if (list.length > 0)
                          bind.mutate(
                            { id: user.id, serials: list },
                            { ...onError, onSuccess: () => setSerials('') },
                          );
                      }}
                    >
                      {t('users.detail.bind')}
                    </Button>
                  </Space.Compact>
                </Authorized>
                <CompactTable
                  testId="user-serials"
                  rowKey="sn"
                  dataSource={bound.serials}
                  columns={[
                    { title: 'SN', dataIndex: 'sn' },
                    {
                      title: t('users.detail.state'),
                      dataIndex: 'state',
                      render: (state: string) => (
                        <Tag color={state === 'verified' ? 'success' : 'warning'}>
                          {t(`users.serial.${state === 'verified' ? 'verified' : 'pending'}`)}
                        </Tag>
                      ),
                    },
                    {
                      title: t('users.actions'),
                      key: 'actions',
                      render: (_, row) => (
                        <Authorized code="sysUser:edit">
                          <Popconfirm
                            title={t('users.detail.unbindConfirm', { sn: row.sn })}
                            onConfirm={() => unbind.mutate({ id: user.id, sn: row.sn }, onError)}
                          >
                            <Button size="small" type="link" danger>
                              {t('users.detail.unbind')}
                            </Button>
                          </Popconfirm>
                        </Authorized>
                      ),
                    },
                  ]}
                />
              </>
            ),
          },
          ...(renderApiTokens
            ? [{ key: 'apiTokens', label: t('users.detail.apiTokens'), children: renderApiTokens(user) }]
            : []),
        ]}
      />
    );
  };

  return (
    <Drawer open size={760} onClose={onClose} title={user.account}>
      <Descriptions size="small" column={2} bordered style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('users.nickName')}>{user.nickName}</Descriptions.Item>
        <Descriptions.Item label={t('users.email')}>{user.email || '-'}</Descriptions.Item>
        <Descriptions.Item label={t('users.company')}>{user.company || '-'}</Descriptions.Item>
        <Descriptions.Item label={t('users.organisation')} span={2}>
          <OrganisationAssign user={detail.data?.user ?? user} />
        </Descriptions.Item>
        <Descriptions.Item label={t('users.lastLogin')}>
          {user.lastLoginTime ? `${formatDateTime(user.lastLoginTime)} (${user.lastLoginIp ?? '-'})` : '-'}
        </Descriptions.Item>
      </Descriptions>
      {body()}
    </Drawer>
  );
}
