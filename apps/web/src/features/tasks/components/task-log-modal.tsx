import type { Task } from '@portal/contract';
import { Descriptions, Modal, Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import { formatSize } from '@/lib/format-size';
import { TaskStatusTag } from './task-status-tag';

const LEVEL_COLOURS = { info: 'blue', warn: 'orange', error: 'red' } as const;

/** A task's details and its log (already in the reader's language), newest entry last. */
export function TaskLogModal({ task, onClose }: { task: Task | null; onClose: () => void }) {
  const { t } = useTranslation('tasks');
  return (
    <Modal
      open={task !== null}
      onCancel={onClose}
      footer={null}
      width={720}
      title={task ? t('log.title', { id: task.id }) : ''}
      destroyOnHidden
    >
      {task && (
        <div data-testid="task-log">
          <Descriptions size="small" column={1} style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('column.type')}>{t(`type.${task.type}`)}</Descriptions.Item>
            <Descriptions.Item label={t('column.summary')}>{task.summary}</Descriptions.Item>
            <Descriptions.Item label={t('column.status')}>
              <TaskStatusTag status={task.status} />
            </Descriptions.Item>
            {task.result && (
              <>
                <Descriptions.Item label={t('result.file')}>
                  {task.result.fileName} ({formatSize(task.result.size)})
                </Descriptions.Item>
                <Descriptions.Item label="SHA256">
                  <Typography.Text copyable code data-testid="task-result-sha256">
                    {task.result.sha256}
                  </Typography.Text>
                </Descriptions.Item>
                {task.result.expiresAt && (
                  <Descriptions.Item label={t('result.expires')}>
                    {formatDateTime(task.result.expiresAt)}
                  </Descriptions.Item>
                )}
              </>
            )}
          </Descriptions>
          <Timeline
            items={task.log.map((entry) => ({
              color: LEVEL_COLOURS[entry.level],
              content: (
                <>
                  <Typography.Text type="secondary">{formatDateTime(entry.time)}</Typography.Text>{' '}
                  {entry.level !== 'info' && (
                    <Tag color={LEVEL_COLOURS[entry.level]}>{t(`log.level.${entry.level}`)}</Tag>
                  )}
                  {entry.message}
                </>
              ),
            }))}
          />
        </div>
      )}
    </Modal>
  );
}
