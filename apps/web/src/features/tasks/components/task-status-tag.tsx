import type { TaskStatus } from '@portal/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLOURS: Record<TaskStatus, string> = {
  PENDING: 'default',
  RUNNING: 'processing',
  SUCCESS: 'success',
  FAILED: 'error',
};

export function TaskStatusTag({ status }: { status: TaskStatus }) {
  const { t } = useTranslation('tasks');
  return (
    <Tag color={COLOURS[status]} data-testid="task-status">
      {t(`status.${status}`)}
    </Tag>
  );
}
