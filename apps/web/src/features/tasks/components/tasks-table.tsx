import { DownloadOutlined, FileTextOutlined, RedoOutlined } from '@ant-design/icons';
import type { Task } from '@portal/contract';
import { App, Button, Grid, Space, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '@/components/paged-table/paged-table';
import { usePagedParams } from '@/components/paged-table/use-paged-params';
import { formatDateTime } from '@/lib/format';
import { startLinkDownload, taskResultLink } from '@/features/catalog';
import { type TaskPageParams, useRetryTask, useTasks } from '../api/tasks-api';
import { TaskLogModal } from './task-log-modal';
import { TaskStatusTag } from './task-status-tag';

const dateOrDash = (value: string | null) => (value ? formatDateTime(value) : '-');

/**
 * Personal center > Tasks: type, status, times, log, the result's download and retry. The
 * list refreshes by itself while a task is unfinished, so statuses change without a reload.
 */
export function TasksTable() {
  const { t } = useTranslation('tasks');
  const { message } = App.useApp();
  const { params, page } = usePagedParams<TaskPageParams>();
  const [shownId, setShownId] = useState<number | null>(null);
  const tasks = useTasks(params);
  const retry = useRetryTask({
    onSuccess: () => void message.success(t('retry.done')),
    onError: (error) => void message.error(error.message),
  });
  const download = (task: Task) =>
    taskResultLink(task.id)
      .then(startLinkDownload)
      .catch(
        (error: unknown) => void message.error(error instanceof Error ? error.message : t('result.failed')),
      );
  // Phones keep type, content, status and actions in view; the times are in the log.
  const phone = Grid.useBreakpoint().xs === true;
  // The open log follows the polled list, so it grows while the task runs.
  const shown = tasks.data?.rows.find((task) => task.id === shownId) ?? null;

  const columns: TableColumnsType<Task> = [
    { title: t('column.id'), dataIndex: 'id', width: 70, hidden: phone },
    { title: t('column.type'), dataIndex: 'type', render: (_, task) => t(`type.${task.type}`) },
    {
      title: t('column.summary'),
      dataIndex: 'summary',
      render: (_, task) => (
        <Typography.Text ellipsis={{ tooltip: task.summary }} style={{ maxWidth: phone ? 160 : 260 }}>
          {task.summary}
        </Typography.Text>
      ),
    },
    {
      title: t('column.status'),
      dataIndex: 'status',
      render: (_, task) => <TaskStatusTag status={task.status} />,
    },
    {
      title: t('column.createTime'),
      dataIndex: 'createTime',
      hidden: phone,
      render: (_, task) => formatDateTime(task.createTime),
    },
    {
      title: t('column.startTime'),
      dataIndex: 'startTime',
      hidden: phone,
      render: (_, task) => dateOrDash(task.startTime),
    },
    {
      title: t('column.endTime'),
      dataIndex: 'endTime',
      hidden: phone,
      render: (_, task) => dateOrDash(task.endTime),
    },
    {
      title: t('column.actions'),
      key: 'actions',
      // Always in view on wider screens, however long the content; on a phone it would cover it.
      fixed: phone ? undefined : 'right',
      render: (_, task) => (
        <Space size="small" wrap>
          <Button
            size="small"
            icon={<FileTextOutlined />}
            onClick={() => setShownId(task.id)}
            data-testid="task-log-open"
          >
            {t('action.log')}
          </Button>
          {task.result && (
            <Button
              size="small"
              type="primary"
              icon={<DownloadOutlined />}
              onClick={() => void download(task)}
              data-testid="task-download"
            >
              {t('action.download')}
            </Button>
          )}
          {task.resultExpired && <Typography.Text type="secondary">{t('result.expired')}</Typography.Text>}
          {task.canRetry && (
            <Button
              size="small"
              icon={<RedoOutlined />}
              loading={retry.isPending && retry.variables === task.id}
              onClick={() => retry.mutate(task.id)}
              data-testid="task-retry"
            >
              {t('action.retry')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <div data-testid="tasks-table">
      <PagedTable<Task>
        query={tasks}
        // Only the first load: the list is polled while a task runs, and rows must not flicker.
        loading={tasks.isLoading}
        paging={params}
        onPagingChange={page}
        columns={columns}
        errorTitle={t('loadFailed')}
        emptyText={t('empty')}
      />
      <TaskLogModal task={shown} onClose={() => setShownId(null)} />
    </div>
  );
}
