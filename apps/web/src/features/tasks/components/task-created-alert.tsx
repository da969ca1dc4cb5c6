import type { TaskCreated } from '@portal/contract';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The server's "check it later under Personal center > Tasks" with a link there. */
export function TaskCreatedAlert({ created }: { created: TaskCreated | undefined }) {
  const { t } = useTranslation('tasks');
  if (!created) return null;
  return (
    <Alert
      type="success"
      showIcon
      data-testid="task-created"
      title={created.message}
      action={<Link to="/account/center?tab=tasks">{t('created.open')}</Link>}
    />
  );
}
