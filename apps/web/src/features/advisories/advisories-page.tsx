import { ArrowLeftOutlined } from '@ant-design/icons';
import { Card, Skeleton } from 'antd';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { AdvisoryList } from './components/advisory-list';

// One advisory (tabs, descriptions, files) loads when one is opened, not with the list; the CVE
// lookup, below the list and used by few (a form, a table, alerts), once the list's first page is there.
const AdvisoryDetail = lazy(() =>
  import('./components/advisory-detail').then((m) => ({ default: m.AdvisoryDetail })),
);
const CveLookup = lazy(() => import('./components/cve-lookup').then((m) => ({ default: m.CveLookup })));

/**
 * Menu `security/Advisories` (/security/advisories): the list, and below it one advisory
 * (/security/advisories/PFW-2026-0001). The menu route answers the paths below its own (`/*`),
 * so a detail opens as a tab of its own and survives a reload.
 */
export function AdvisoriesPage({ title }: { title: string }) {
  const { t } = useTranslation('advisories');
  const advisoryId = useParams()['*']?.split('/')[0]?.toUpperCase();
  // The CVE lookup comes once the list's first page is there, and stays: shown earlier, the rows
  // arriving above it pushed it down the screen (a layout shift of 0.11 on a phone, Lighthouse).
  const [listShown, setListShown] = useState(false);
  const showBelow = useCallback(() => setListShown(true), []);
  if (advisoryId)
    return (
      <Card
        title={advisoryId}
        extra={
          <Link to={paths.advisories}>
            <ArrowLeftOutlined /> {t('detail.back')}
          </Link>
        }
        data-testid="advisory-page"
      >
        <Suspense fallback={<Skeleton active />}>
          <AdvisoryDetail advisoryId={advisoryId} signedIn />
        </Suspense>
      </Card>
    );
  return (
    <>
      <Card title={title} data-testid="advisories-page">
        <AdvisoryList signedIn onFirstPage={showBelow} />
      </Card>
      <div style={{ height: 16 }} />
      {listShown && (
        // Marked as loading (the console's footer waits, basic-layout.module.css): the card
        // arriving under a short list pushed the footer down the screen.
        <Suspense fallback={<div data-page-loading="" />}>
          <CveLookup />
        </Suspense>
      )}
    </>
  );
}
