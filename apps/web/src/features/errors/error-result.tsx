import { Button, Result, type ResultProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';

interface ErrorResultProps {
  status: Extract<ResultProps['status'], '403' | '404' | '500'>;
  title: string;
  subTitle: string;
}

/** The shared frame of the error pages: status picture, text, and the way back to the console home (spec 2). */
export function ErrorResult({ status, title, subTitle }: ErrorResultProps) {
  const { t } = useTranslation('errors');
  const navigate = useNavigate();
  return (
    <Result
      status={status}
      title={title}
      subTitle={subTitle}
      data-testid={`error-page-${status}`}
      extra={
        <Button type="primary" onClick={() => navigate(paths.welcome)}>
          {t('pages.backToConsole')}
        </Button>
      }
    />
  );
}
