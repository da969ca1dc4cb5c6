import type { ReleaseNoteAdmin, ReleaseNoteAdminInput } from '@portal/contract';
import { App, DatePicker, Form, Input, Modal, Space, Table, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '@/components/crud-page/crud-page';
import { RowAction } from '@/components/crud-page/row-action';
import { useActionFeedback } from '@/components/crud-page/use-action-feedback';
import { requiredText } from '@/lib/form-rules';
import { formatDateTime } from '@/lib/format';
import { useDeleteReleaseNote, useReleaseNotesAdmin, useSaveReleaseNote } from './api/release-notes-admin';
import { NoteLinesField } from './components/note-lines-field';
import { showFailure } from '@/lib/show-failure';

type FormValues = Omit<ReleaseNoteAdminInput, 'createTime'> & { createTime: Dayjs };

/** /system/release-notes: the portal's own release notes, shown to everyone in the header dialog. */
export function ReleaseNotesPage({ title }: { title: string }) {
  const { t } = useTranslation('publishing');
  const feedback = useActionFeedback();
  const notes = useReleaseNotesAdmin();
  const remove = useDeleteReleaseNote();
  const [editing, setEditing] = useState<{ note?: ReleaseNoteAdmin } | null>(null);

  const columns: TableColumnsType<ReleaseNoteAdmin> = [
    { title: t('releaseNote.version'), dataIndex: 'version' },
    {
      title: t('releaseNote.time'),
      dataIndex: 'createTime',
      render: (_, { createTime }) => formatDateTime(createTime),
    },
    { title: t('releaseNote.lines'), key: 'lines', render: (_, { items }) => items.length },
    {
      title: t('version.actions'),
      key: 'actions',
      render: (_, note) => (
        <Space size="small">
          <RowAction onClick={() => setEditing({ note })}>{t('action.edit')}</RowAction>
          <RowAction
            danger
            confirm={t('releaseNote.deleteConfirm', { version: note.version })}
            onClick={() => remove.mutate(note.id, feedback())}
          >
            {t('action.delete')}
          </RowAction>
        </Space>
      ),
    },
  ];

  return (
    <CrudPage
      title={title}
      testId="release-notes-page"
      create={{ label: t('releaseNote.new'), onClick: () => setEditing({}), testId: 'release-note-new' }}
      error={notes.error}
    >
      <Table<ReleaseNoteAdmin>
        rowKey="id"
        size="middle"
        loading={notes.isFetching}
        dataSource={notes.data ?? []}
        columns={columns}
        pagination={false}
      />
      {editing && <ReleaseNoteModal note={editing.note} onClose={() => setEditing(null)} />}
    </CrudPage>
  );
}

function ReleaseNoteModal({ note, onClose }: { note?: ReleaseNoteAdmin; onClose: () => void }) {
  const { t } = useTranslation('publishing');
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const save = useSaveReleaseNote();
  return (
    <Modal
      open
      width={900}
      title={note ? t('releaseNote.editTitle', { version: note.version }) : t('releaseNote.new')}
      okText={t('action.save')}
      okButtonProps={{ loading: save.isPending, 'data-testid': 'release-note-save' }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<FormValues>
        form={form}
        layout="vertical"
        initialValues={{
          version: note?.version ?? '',
          createTime: note ? dayjs(note.createTime) : dayjs(),
          items: note?.items ?? [],
        }}
        onFinish={(values) =>
          save.mutate(
            { id: note?.id, input: { ...values, createTime: values.createTime.toISOString() } },
            {
              onSuccess: () => {
                void message.success(t('releaseNote.saved'));
                onClose();
              },
              onError: (error) => showFailure(error, message, form),
            },
          )
        }
      >
        <Space wrap>
          <Form.Item
            name="version"
            label={t('releaseNote.version')}
            rules={[requiredText(t('releaseNote.versionRequired'))]}
          >
            <Input maxLength={50} data-testid="release-note-version" />
          </Form.Item>
          <Form.Item name="createTime" label={t('releaseNote.time')} rules={[{ required: true }]}>
            <DatePicker showTime allowClear={false} />
          </Form.Item>
        </Space>
        <Form.Item label={t('releaseNote.lines')}>
          <NoteLinesField name="items" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
