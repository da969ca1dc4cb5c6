import { CloudDownloadOutlined } from '@ant-design/icons';
import { ErrorCode, type TaskCreated } from '@portal/contract';
import { Alert, App, Button, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-error';
import { useCreateFleetBundle } from '../api/create-fleet-bundle';

/** The most servers one bundle task may name (POST /fleet/bundle). */
export const FLEET_BUNDLE_MAX = 500;

interface Props {
  sns: string[];
  /** Why nothing can be bundled yet (e.g. no row selected); the button is then disabled. */
  disabledHint?: string;
  testId: string;
}

/**
 * "Download what is missing": a background task bundles the outdated and vulnerable
 * components' firmware of these servers; the answer says where to find it (personal center).
 */
export function MissingBundle({ sns, disabledHint, testId }: Props) {
  const { t } = useTranslation('fleet');
  const { message } = App.useApp();
  const [created, setCreated] = useState<TaskCreated>();
  const create = useCreateFleetBundle({
    onSuccess: (answer) => {
      setCreated(answer);
      void message.success(answer.message);
    },
    onError: (error) => {
      setCreated(undefined);
      if (error instanceof ApiError && error.code === ErrorCode.FLEET_NOTHING_MISSING)
        void message.info(t('bundle.nothingMissing'));
      else void message.error(t('bundle.failed', { message: error.message }));
    },
  });
  const tooMany = sns.length > FLEET_BUNDLE_MAX;
  const hint = tooMany ? t('bundle.tooMany', { max: FLEET_BUNDLE_MAX }) : disabledHint;
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Button
        icon={<CloudDownloadOutlined />}
        disabled={sns.length === 0 || tooMany}
        title={hint}
        loading={create.isPending}
        onClick={() => create.mutate(sns)}
        data-testid={testId}
      >
        {t('bundle.create')}
      </Button>
      {created && (
        <Alert
          type="success"
          showIcon
          title={created.message}
          action={<Link to={`${paths.accountCenter}?tab=tasks`}>{t('bundle.openTasks')}</Link>}
          data-testid="fleet-bundle-created"
        />
      )}
    </Space>
  );
}
