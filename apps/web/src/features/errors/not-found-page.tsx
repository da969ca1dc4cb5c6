import { useTranslation } from 'react-i18next';
import { ErrorResult } from './error-result';

/** Spec 2: the page does not exist or is under development (also unknown menu components). */
export function NotFoundPage() {
  const { t } = useTranslation('errors');
  return (
    <ErrorResult status="404" title={t('pages.notFound.title')} subTitle={t('pages.notFound.subTitle')} />
  );
}
