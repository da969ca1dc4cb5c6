import { ErrorCode } from '@portal/contract';
import { Alert, Descriptions, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { FailureAlert, failureOf } from '@/components/failure-alert';
import { ApiError } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format';
import { useFleetServer } from '../api/get-fleet-server';
import { useFleetScope } from '../utils/fleet-scope';
import { ComplianceStateTag } from './compliance-state-tag';
import { ComponentList } from './component-list';
import { MissingBundle } from './missing-bundle';

/** Loads one of my servers and shows its components, or says it is unknown (or not mine). */
export function ServerDetail({ sn }: { sn: string }) {
  const { t } = useTranslation('fleet');
  const detail = useFleetServer(sn);
  const { staff } = useFleetScope();
  if (detail.isPending) return <Skeleton active />;
  if (detail.error instanceof ApiError && detail.error.code === ErrorCode.SN_NOT_FOUND)
    return <Alert type="info" showIcon title={t('detail.notFound')} data-testid="server-not-found" />;
  if (detail.error) return <FailureAlert failure={failureOf(detail.error, t('detail.loadFailed'))} />;
  const server = detail.data;
  return (
    <div data-testid="server-detail">
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 3 }}
        style={{ marginBottom: 16 }}
        items={[
          { key: 'model', label: t('detail.model'), children: server.model },
          { key: 'state', label: t('detail.state'), children: <ComplianceStateTag state={server.state} /> },
          {
            key: 'lastReport',
            label: t('detail.lastReport'),
            children: server.lastReport ? formatDateTime(server.lastReport) : t('column.neverReported'),
          },
        ]}
      />
      {!staff && (
        <div style={{ marginBottom: 16 }}>
          <MissingBundle sns={[server.sn]} testId="server-bundle" />
        </div>
      )}
      <ComponentList components={server.components} />
    </div>
  );
}
