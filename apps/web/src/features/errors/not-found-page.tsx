import { useTranslation } from 'react-i18next';
import { ErrorResult } from './error-result';

export function NotFoundPage() {
  const { t } = useTranslation('errors');
  return (
    <ErrorResult status="404" title={t('pages.notFound.title')} subTitle={t('pages.notFound.subTitle')} />
  );
}
