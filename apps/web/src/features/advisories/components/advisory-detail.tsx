import { ErrorCode } from '@portal/contract';
import { Alert, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { FailureAlert, failureOf } from '@/components/failure-alert';
import { ApiError } from '@/lib/api-error';
import { useAdvisory } from '../api/get-advisory';
import { AdvisoryDetailView } from './advisory-detail-view';

interface Props {
  advisoryId: string;
  signedIn: boolean;
}

/** Loads one advisory and shows it, or says it is unknown (or not yet visible to this reader). */
export function AdvisoryDetail({ advisoryId, signedIn }: Props) {
  const { t } = useTranslation('advisories');
  const detail = useAdvisory(advisoryId);
  if (detail.isPending) return <Skeleton active />;
  if (detail.error instanceof ApiError && detail.error.code === ErrorCode.ADVISORY_NOT_FOUND)
    return (
      <Alert
        type="info"
        showIcon
        // Signed in already: "sign in to read it" would send the reader round in a circle.
        title={t(signedIn ? 'detail.notFoundSignedIn' : 'detail.notFound')}
        data-testid="advisory-not-found"
      />
    );
  if (detail.error) return <FailureAlert failure={failureOf(detail.error, t('detail.loadFailed'))} />;
  return <AdvisoryDetailView detail={detail.data} signedIn={signedIn} />;
}
