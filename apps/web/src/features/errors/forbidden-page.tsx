import { useTranslation } from 'react-i18next';
import { ErrorResult } from './error-result';

/** Spec 2: no permission to access the page. */
export function ForbiddenPage() {
  const { t } = useTranslation('errors');
  return (
    <ErrorResult status="403" title={t('pages.forbidden.title')} subTitle={t('pages.forbidden.subTitle')} />
  );
}
