import { PlusOutlined } from '@ant-design/icons';
import { PUBLISH_ITEM_KINDS, type PublishItem } from '@portal/contract';
import { Button, Select, Space, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '@/components/crud-page/crud-page';
import { RowAction } from '@/components/crud-page/row-action';
import { PagedTable } from '@/components/paged-table/paged-table';
import { usePagedParams } from '@/components/paged-table/use-paged-params';
import { type PublishItemsParams, usePublishItems } from './api/get-publish-items';
import { ItemFormDrawer } from './components/item-form-drawer';
import { SupportPeriodsModal } from './components/support-periods-modal';
import { VersionsDrawer } from './components/versions-drawer';

const VISIBILITY_COLOURS = { public: 'green', signed_in: 'blue', restricted: 'orange' } as const;

/**
 * /system/publishing (permission firmware:publish): catalogue items, their versions and the
 * whole life of a version — upload as a draft, notes, publish, recall.
 */
export function PublishingPage({ title }: { title: string }) {
  const { t, i18n } = useTranslation('publishing');
  const { params, filter, page } = usePagedParams<PublishItemsParams>();
  const items = usePublishItems(params);
  const [editing, setEditing] = useState<{ item?: PublishItem } | null>(null);
  const [opened, setOpened] = useState<PublishItem | null>(null);
  const [supportOpen, setSupportOpen] = useState(false);
  const { t: tp } = useTranslation('psirt');
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
          <RowAction onClick={() => setOpened(item)} testId={`item-versions-${item.code}`}>
            {t('action.versions')}
          </RowAction>
          <RowAction onClick={() => setEditing({ item })}>{t('action.edit')}</RowAction>
        </Space>
      ),
    },
  ];

  return (
    <CrudPage
      title={title}
      testId="publishing-page"
      search={{
        placeholder: t('item.search'),
        onSearch: (q) => filter({ q }),
        testId: 'item-search',
        width: 260,
      }}
      toolbar={
        <>
          <Select
            allowClear
            placeholder={t('item.kind')}
            aria-label={t('item.kind')}
            style={{ width: 180 }}
            options={PUBLISH_ITEM_KINDS.map((kind) => ({ value: kind, label: t(`kind.${kind}`) }))}
            onChange={(kind) => filter({ kind })}
          />
          <Button onClick={() => setSupportOpen(true)} data-testid="support-periods-open">
            {tp('support.title')}
          </Button>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing({})}
            data-testid="item-new"
          >
            {t('action.newItem')}
          </Button>
        </>
      }
    >
      <PagedTable<PublishItem>
        testId="items-table"
        query={items}
        paging={params}
        onPagingChange={page}
        columns={columns}
        emptyText={t('item.empty')}
      />
      <ItemFormDrawer open={editing !== null} item={editing?.item} onClose={() => setEditing(null)} />
      {opened && <VersionsDrawer item={opened} onClose={() => setOpened(null)} />}
      {supportOpen && <SupportPeriodsModal onClose={() => setSupportOpen(false)} />}
    </CrudPage>
  );
}
