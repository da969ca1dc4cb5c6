import { CloudDownloadOutlined } from '@ant-design/icons';
import { PCIE_LOOKUP_MAX_VALUES, PCIE_UPLOAD_MAX_VALUES, type TaskCreated } from '@portal/contract';
import { App, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SnPnListInput } from '@/features/catalog';
import { useCreateMirrorTask, useUploadMirrorTaskList } from '../api/tasks-api';
import { TaskCreatedAlert } from './task-created-alert';

/**
 * Selective download: the newest firmware for a list of servers (SN) or PCIe cards (PN),
 * packaged by a background task into one bundle with SHA256SUMS and a manifest.
 */
export function BundleTaskForm() {
  const { t } = useTranslation('tasks');
  const { message } = App.useApp();
  const [created, setCreated] = useState<TaskCreated>();
  const onSuccess = (answer: TaskCreated) => {
    setCreated(answer);
    void message.success(answer.message);
  };
  const onError = (error: Error) => void message.error(error.message);
  const create = useCreateMirrorTask({ onSuccess, onError });
  const upload = useUploadMirrorTaskList({ onSuccess, onError });
  const max = PCIE_LOOKUP_MAX_VALUES;

  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle" data-testid="bundle-task-form">
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {t('bundle.intro')}
      </Typography.Paragraph>
      <SnPnListInput
        testId="bundle"
        submitTestId="bundle-create"
        texts={{
          by: { sn: t('bundle.bySn'), pn: t('bundle.byPn') },
          placeholder: { sn: t('bundle.snPlaceholder', { max }), pn: t('bundle.pnPlaceholder', { max }) },
          empty: { sn: t('bundle.snEmpty'), pn: t('bundle.pnEmpty') },
          tooMany: (by) => t('bundle.tooMany', { max, by: by.toUpperCase() }),
          onlyTxt: t('bundle.onlyTxt'),
          submit: t('bundle.create'),
          upload: t('bundle.upload', { max: PCIE_UPLOAD_MAX_VALUES }),
        }}
        submitIcon={<CloudDownloadOutlined />}
        submitting={create.isPending}
        uploading={upload.isPending}
        onSubmit={(by, values) => create.mutate({ by, values })}
        onUpload={(by, file) => upload.mutate({ by, file })}
      />
      <TaskCreatedAlert created={created} />
    </Space>
  );
}
