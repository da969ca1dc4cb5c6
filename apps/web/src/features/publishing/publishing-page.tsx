import { PlusOutlined } from '@ant-design/icons';
import { DEFAULT_PAGE_SIZE, FIRST_PAGE, PUBLISH_ITEM_KINDS, type PublishItem } from '@portal/contract';
import { Alert, Button, Card, Input, Select, Space, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type PublishItemsParams, usePublishItems } from './api/get-publish-items';
import { ItemFormDrawer } from './components/item-form-drawer';
import { VersionsDrawer } from './components/versions-drawer';

const VISIBILITY_COLOURS = { public: 'green', signed_in: 'blue', restricted: 'orange' } as const;

/**
 * /system/publishing (permission firmware:publish): catalogue items, their versions and the
 * whole life of a version — upload as a draft, notes, publish, recall.
 */
export function PublishingPage({ title }: { title: string }) {
  const { t, i18n } = useTranslation('publishing');
  const [params, setParams] = useState<PublishItemsParams>({
    pageNo: FIRST_PAGE,
    pageSize: DEFAULT_PAGE_SIZE,
  });
  const items = usePublishItems(params);
  const [editing, setEditing] = useState<{ item?: PublishItem } | null>(null);
  const [opened, setOpened] = useState<PublishItem | null>(null);
  const nameOf = (item: PublishItem) => (i18n.resolvedLanguage === 'en-US' ? item.nameEn : item.nameZh);

  const columns: TableColumnsType<PublishItem> = [
    { title: t('item.code'), dataIndex: 'code' },
    { title: t('item.name'), key: 'name', render: (_, item) => nameOf(item) },
    { title: t('item.kind'), dataIndex: 'kind', render: (_, { kind }) => t(`kind.${kind as 'BIOS'}`) },
    {
      title: t('item.visibility'),
      dataIndex: 'visibility',
      render: (_, { visibility }) => (
        <Tag color={VISIBILITY_COLOURS[visibility]}>{t(`visibility.${visibility}`)}</Tag>
      ),
    },
    {
      title: t('item.latestVersion'),
      dataIndex: 'latestVersion',
      render: (_, { latestVersion }) => latestVersion ?? '-',
    },
    {
      title: t('item.versions'),
      key: 'counts',
      render: (_, { counts }) => t('item.counts', counts),
    },
    {
      title: t('version.actions'),
      key: 'actions',
      render: (_, item) => (
        <Space size="small">
          <Button
            size="small"
            type="link"
            onClick={() => setOpened(item)}
            data-testid={`item-versions-${item.code}`}
          >
            {t('action.versions')}
          </Button>
          <Button size="small" type="link" onClick={() => setEditing({ item })}>
            {t('action.edit')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Card title={title} data-testid="publishing-page">
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={t('item.search')}
          style={{ width: 260 }}
          onSearch={(q) => setParams((current) => ({ ...current, q, pageNo: FIRST_PAGE }))}
          data-testid="item-search"
        />
        <Select
          allowClear
          placeholder={t('item.kind')}
          aria-label={t('item.kind')}
          style={{ width: 180 }}
          options={PUBLISH_ITEM_KINDS.map((kind) => ({ value: kind, label: t(`kind.${kind}`) }))}
          onChange={(kind) => setParams((current) => ({ ...current, kind, pageNo: FIRST_PAGE }))}
        />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})} data-testid="item-new">
          {t('action.newItem')}
        </Button>
      </Space>
      {items.isError && (
        <Alert type="error" showIcon title={items.error.message} style={{ marginBottom: 16 }} />
      )}
      <Table<PublishItem>
        data-testid="items-table"
        rowKey="id"
        size="middle"
        scroll={{ x: 'max-content' }}
        loading={items.isFetching}
        dataSource={items.data?.rows ?? []}
        columns={columns}
        locale={{ emptyText: t('item.empty') }}
        pagination={{
          current: params.pageNo,
          pageSize: params.pageSize,
          total: items.data?.totalRows ?? 0,
          showSizeChanger: true,
          showTotal: (total, [from, to]) => t('total', { from, to, total }),
          onChange: (pageNo, pageSize) =>
            setParams((current) => ({
              ...current,
              pageNo: pageSize === current.pageSize ? pageNo : FIRST_PAGE,
              pageSize,
            })),
        }}
      />
      <ItemFormDrawer open={editing !== null} item={editing?.item} onClose={() => setEditing(null)} />
      {opened && <VersionsDrawer item={opened} onClose={() => setOpened(null)} />}
    </Card>
  );
}
