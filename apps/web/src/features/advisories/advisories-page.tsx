import { ArrowLeftOutlined } from '@ant-design/icons';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { AdvisoryDetail } from './components/advisory-detail';
import { AdvisoryList } from './components/advisory-list';
import { CveLookup } from './components/cve-lookup';

/**
 * Menu `security/Advisories` (/security/advisories): the list, and below it one advisory
 * (/security/advisories/PFW-2026-0001). The menu route answers the paths below its own (`/*`),
 * so a detail opens as a tab of its own and survives a reload.
 */
export function AdvisoriesPage({ title }: { title: string }) {
  const { t } = useTranslation('advisories');
  const advisoryId = useParams()['*']?.split('/')[0]?.toUpperCase();
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
        <AdvisoryDetail advisoryId={advisoryId} signedIn />
      </Card>
    );
  return (
    <>
      <Card title={title} data-testid="advisories-page">
        <AdvisoryList signedIn />
      </Card>
      <div style={{ height: 16 }} />
      <CveLookup />
    </>
  );
}
