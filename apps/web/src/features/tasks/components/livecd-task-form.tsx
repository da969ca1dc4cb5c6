import { ExperimentOutlined } from '@ant-design/icons';
import { LIVECD_COMPONENT_KINDS, LIVECD_MAX_COMPONENTS, type TaskCreated } from '@portal/contract';
import { App, Button, Form, Input, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useVersions } from '@/features/catalog';
import { useCreateLivecdTask } from '../api/tasks-api';
import { TaskCreatedAlert } from './task-created-alert';

type LivecdForm = { baseVersionId?: number; componentVersionIds: number[]; label?: string };

/**
 * Custom LiveCD: a LiveCD image plus chosen drivers, tools and firmware, packaged by a
 * background task into one ISO 9660 image with its SHA256SUMS.
 */
export function LivecdTaskForm() {
  const { t } = useTranslation('tasks');
  const { message } = App.useApp();
  const [form] = Form.useForm<LivecdForm>();
  const [created, setCreated] = useState<TaskCreated>();
  const bases = useVersions({ kind: ['LIVECD'], pageNo: 1, pageSize: 100 });
  const components = useVersions({
    kind: LIVECD_COMPONENT_KINDS,
    latest: true,
    pageNo: 1,
    pageSize: 100,
    sortField: 'name',
  });
  const create = useCreateLivecdTask({
    onSuccess: (answer) => {
      setCreated(answer);
      void message.success(answer.message);
    },
    onError: (error) => void message.error(error.message),
  });
  const option = (row: { versionId: number; itemName: string; version: string; arch: string }) => ({
    value: row.versionId,
    label: `${row.itemName} ${row.version}${row.arch && row.arch !== 'Any' ? ` (${row.arch})` : ''}`,
  });

  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle" data-testid="livecd-task-form">
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {t('livecd.intro')}
      </Typography.Paragraph>
      <Form<LivecdForm>
        form={form}
        layout="vertical"
        style={{ maxWidth: 640 }}
        initialValues={{ componentVersionIds: [] }}
        onFinish={(values) =>
          values.baseVersionId !== undefined &&
          create.mutate({
            baseVersionId: values.baseVersionId,
            componentVersionIds: values.componentVersionIds,
            label: values.label || undefined,
          })
        }
      >
        <Form.Item
          name="baseVersionId"
          label={t('livecd.base')}
          rules={[{ required: true, message: t('livecd.baseRequired') }]}
        >
          <Select
            data-testid="livecd-base"
            loading={bases.isLoading}
            options={(bases.data?.rows ?? []).map(option)}
            placeholder={t('livecd.basePlaceholder')}
          />
        </Form.Item>
        <Form.Item
          name="componentVersionIds"
          label={t('livecd.components', { max: LIVECD_MAX_COMPONENTS })}
          rules={[
            {
              type: 'array',
              max: LIVECD_MAX_COMPONENTS,
              message: t('livecd.tooMany', { max: LIVECD_MAX_COMPONENTS }),
            },
          ]}
        >
          <Select
            data-testid="livecd-components"
            mode="multiple"
            allowClear
            optionFilterProp="label"
            loading={components.isLoading}
            options={(components.data?.rows ?? []).map(option)}
            placeholder={t('livecd.componentsPlaceholder')}
          />
        </Form.Item>
        <Form.Item
          name="label"
          label={t('livecd.label')}
          rules={[{ pattern: /^[A-Za-z0-9_]{1,32}$/, message: t('livecd.labelRule') }]}
        >
          <Input data-testid="livecd-label" placeholder="PORTAL_LIVECD" maxLength={32} />
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          icon={<ExperimentOutlined />}
          loading={create.isPending}
          data-testid="livecd-create"
        >
          {t('livecd.create')}
        </Button>
      </Form>
      <TaskCreatedAlert created={created} />
    </Space>
  );
}
