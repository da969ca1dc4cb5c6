import { CloudDownloadOutlined, UploadOutlined } from '@ant-design/icons';
import {
  PCIE_LOOKUP_MAX_VALUES,
  PCIE_UPLOAD_EXTENSIONS,
  PCIE_UPLOAD_MAX_VALUES,
  type PcieLookupBy,
  type TaskCreated,
} from '@portal/contract';
import { App, Button, Input, Radio, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  isAcceptedListFile,
  lookupProblemOf,
  parseLookupValues,
} from '@/features/catalog/utils/lookup-values';
import { useCreateMirrorTask, useUploadMirrorTaskList } from '../api/tasks-api';
import { TaskCreatedAlert } from './task-created-alert';

/**
 * Selective download: the newest firmware for a list of servers (SN) or PCIe cards (PN),
 * packaged by a background task into one bundle with SHA256SUMS and a manifest.
 */
export function BundleTaskForm() {
  const { t } = useTranslation('tasks');
  const { message } = App.useApp();
  const [by, setBy] = useState<PcieLookupBy>('sn');
  const [text, setText] = useState('');
  const [created, setCreated] = useState<TaskCreated>();
  const onSuccess = (answer: TaskCreated) => {
    setCreated(answer);
    void message.success(answer.message);
  };
  const onError = (error: Error) => void message.error(error.message);
  const create = useCreateMirrorTask({ onSuccess, onError });
  const upload = useUploadMirrorTaskList({ onSuccess, onError });

  const submit = () => {
    const values = parseLookupValues(text);
    const problem = lookupProblemOf(values);
    if (problem === 'empty') return void message.error(t(by === 'sn' ? 'bundle.snEmpty' : 'bundle.pnEmpty'));
    if (problem === 'tooMany')
      return void message.error(t('bundle.tooMany', { max: PCIE_LOOKUP_MAX_VALUES, by: by.toUpperCase() }));
    create.mutate({ by, values: values.join(',') });
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle" data-testid="bundle-task-form">
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {t('bundle.intro')}
      </Typography.Paragraph>
      <Radio.Group
        data-testid="bundle-by"
        optionType="button"
        value={by}
        onChange={(event) => setBy(event.target.value as PcieLookupBy)}
        options={[
          { value: 'sn', label: t('bundle.bySn') },
          { value: 'pn', label: t('bundle.byPn') },
        ]}
      />
      <Input.TextArea
        data-testid="bundle-values"
        rows={3}
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={t(by === 'sn' ? 'bundle.snPlaceholder' : 'bundle.pnPlaceholder', {
          max: PCIE_LOOKUP_MAX_VALUES,
        })}
      />
      <Space wrap>
        <Button
          type="primary"
          icon={<CloudDownloadOutlined />}
          loading={create.isPending}
          onClick={submit}
          data-testid="bundle-create"
        >
          {t('bundle.create')}
        </Button>
        <Upload
          accept={PCIE_UPLOAD_EXTENSIONS.join(',')}
          showUploadList={false}
          beforeUpload={(file) => {
            if (!isAcceptedListFile(file.name)) void message.error(t('bundle.onlyTxt'));
            else upload.mutate({ by, file });
            // The list is sent by our own call, not by the Upload component.
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={upload.isPending} data-testid="bundle-upload">
            {t('bundle.upload', { max: PCIE_UPLOAD_MAX_VALUES })}
          </Button>
        </Upload>
      </Space>
      <TaskCreatedAlert created={created} />
    </Space>
  );
}
