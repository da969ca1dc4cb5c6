import { UploadOutlined } from '@ant-design/icons';
import type { PublishItem, PublishVersion } from '@portal/contract';
import { App, Button, Drawer, Popconfirm, Space, Switch, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListTable } from '@/components/list-table/list-table';
import { formatDateTime } from '@/lib/format';
import { formatSize } from '@/lib/format-size';
import { useItemVersions } from '../api/get-item-versions';
import { useDeleteDraftVersion, usePublishVersion, useSetPreRelease } from '../api/version-actions';
import { NotesEditorModal } from './notes-editor-modal';
import { RecallModal } from './recall-modal';
import { SbomModal } from './sbom-modal';
import { UpdatePlanModal } from './update-plan-modal';
import { UploadVersionModal } from './upload-version-modal';

const STATUS_COLOURS = { draft: 'default', published: 'success', recalled: 'error' } as const;

/** Every version of one item, with the staff actions its status allows. */
export function VersionsDrawer({ item, onClose }: { item: PublishItem; onClose: () => void }) {
  const { t, i18n } = useTranslation('publishing');
  const { message } = App.useApp();
  const versions = useItemVersions(item.id);
  const publish = usePublishVersion();
  const remove = useDeleteDraftVersion();
  const preRelease = useSetPreRelease();
  const [uploading, setUploading] = useState(false);
  const [recalling, setRecalling] = useState<PublishVersion | null>(null);
  const [editingNotes, setEditingNotes] = useState<number | null>(null);
  const [planning, setPlanning] = useState<PublishVersion | null>(null);
  const [sbomOf, setSbomOf] = useState<PublishVersion | null>(null);
  const onError = { onError: (error: Error) => void message.error(error.message) };

  const columns: TableColumnsType<PublishVersion> = [
    { title: t('version.version'), dataIndex: 'version' },
    {
      title: t('version.status'),
      dataIndex: 'status',
      render: (_, { status, recallReason }) => (
        <Tag color={STATUS_COLOURS[status]} title={recallReason ?? undefined}>
          {t(`status.${status}`)}
        </Tag>
      ),
    },
    { title: t('version.releaseDate'), dataIndex: 'releaseDate' },
    { title: t('version.fileName'), dataIndex: 'fileName' },
    { title: t('version.size'), dataIndex: 'fileSize', render: (_, { fileSize }) => formatSize(fileSize) },
    {
      title: 'SHA256',
      dataIndex: 'sha256',
      render: (_, { sha256 }) => (
        <Typography.Text copyable={{ text: sha256 }} code>
          {sha256.slice(0, 12)}…
        </Typography.Text>
      ),
    },
    { title: t('version.downloads'), dataIndex: 'downloadCount' },
    {
      title: t('version.preRelease'),
      dataIndex: 'preRelease',
      render: (_, version) => (
        <Switch
          size="small"
          checked={version.preRelease}
          aria-label={`${t('version.preRelease')} ${version.version}`}
          data-testid={`pre-release-${version.version}`}
          loading={preRelease.isPending && preRelease.variables?.id === version.id}
          onChange={(checked) =>
            preRelease.mutate(
              { id: version.id, preRelease: checked },
              {
                ...onError,
                onSuccess: (changed) =>
                  void message.success(
                    t(changed.preRelease ? 'version.markedPreRelease' : 'version.markedRelease', {
                      version: changed.version,
                    }),
                  ),
              },
            )
          }
        />
      ),
    },
    {
      title: t('plan.column'),
      key: 'plan',
      render: (_, version) => (
        <Space size={4} wrap data-testid={`plan-${version.version}`}>
          {version.rebootRequired && <Tag color="warning">{t('plan.rebootTag')}</Tag>}
          {version.prerequisites.map((line) => (
            <Tag key={line.component}>
              {t('plan.prerequisiteTag', { component: line.component, version: line.minVersion })}
            </Tag>
          ))}
          {version.installOrder !== null && <Tag>{t('plan.orderTag', { order: version.installOrder })}</Tag>}
          <Button size="small" type="link" onClick={() => setPlanning(version)}>
            {t('plan.edit')}
          </Button>
        </Space>
      ),
    },
    {
      title: t('version.publishTime'),
      dataIndex: 'publishTime',
      render: (_, { publishTime }) => (publishTime ? formatDateTime(publishTime) : '-'),
    },
    {
      title: t('version.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, version) => (
        <Space size="small" data-testid={`version-actions-${version.version}`}>
          <Button size="small" onClick={() => setEditingNotes(version.id)}>
            {t('action.notes')}
          </Button>
          <Button size="small" onClick={() => setSbomOf(version)} data-testid={`sbom-${version.version}`}>
            {t('sbom.action')}
          </Button>
          {version.status === 'draft' && (
            <>
              <Popconfirm
                title={t('version.publishConfirm', { version: version.version })}
                onConfirm={() =>
                  publish.mutate(version.id, {
                    ...onError,
                    onSuccess: () =>
                      void message.success(t('version.published', { version: version.version })),
                  })
                }
              >
                <Button size="small" type="primary">
                  {t('action.publish')}
                </Button>
              </Popconfirm>
              <Popconfirm
                title={t('version.deleteConfirm', { version: version.version })}
                onConfirm={() => remove.mutate(version.id, onError)}
              >
                <Button size="small" danger>
                  {t('action.delete')}
                </Button>
              </Popconfirm>
            </>
          )}
          {version.status === 'published' && (
            <Button size="small" danger onClick={() => setRecalling(version)}>
              {t('action.recall')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Drawer
      open
      onClose={onClose}
      size={1100}
      title={`${i18n.resolvedLanguage === 'en-US' ? item.nameEn : item.nameZh} (${item.code})`}
      extra={
        <Button
          type="primary"
          icon={<UploadOutlined />}
          onClick={() => setUploading(true)}
          data-testid="version-upload"
        >
          {t('action.upload')}
        </Button>
      }
    >
      <ListTable<PublishVersion>
        testId="versions-table"
        query={versions}
        // Publishing, recalling or deleting reloads the list: show that, not only the first load.
        loading={versions.isFetching}
        columns={columns}
        emptyText={t('version.empty')}
      />
      {uploading && <UploadVersionModal item={item} onClose={() => setUploading(false)} />}
      {recalling && <RecallModal version={recalling} onClose={() => setRecalling(null)} />}
      {planning && <UpdatePlanModal version={planning} kind={item.kind} onClose={() => setPlanning(null)} />}
      {sbomOf && <SbomModal version={sbomOf} onClose={() => setSbomOf(null)} />}
      {editingNotes !== null && (
        <NotesEditorModal versionId={editingNotes} onClose={() => setEditingNotes(null)} />
      )}
    </Drawer>
  );
}
