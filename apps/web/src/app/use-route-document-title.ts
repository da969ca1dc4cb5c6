import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { NAMESPACES } from '@/locales';
import { isRouteHandle } from './route-handle';

/** Sets document.title to "<deepest route title> - <portal name>" (spec 1). */
export function useRouteDocumentTitle(): void {
  const { t } = useTranslation(NAMESPACES);
  const matches = useMatches();
  const handle = matches.map((match) => match.handle).findLast(isRouteHandle);
  const pageTitle = handle?.title(t);
  const portalName = t('common:app.name');

  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} - ${portalName}` : portalName;
  }, [pageTitle, portalName]);
}
