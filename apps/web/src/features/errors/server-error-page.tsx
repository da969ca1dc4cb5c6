import { useTranslation } from 'react-i18next';
import { ErrorResult } from './error-result';

/** Rendered by the router when a page crashes while rendering, instead of a blank screen. */
export function ServerErrorPage() {
  const { t } = useTranslation('errors');
  return (
    <ErrorResult
      status="500"
      title={t('pages.serverError.title')}
      subTitle={t('pages.serverError.subTitle')}
    />
  );
}
