import { Alert, Descriptions, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { FailureAlert, failureOf } from '@/components/failure-alert';
import { type ProductOnServer, useMaintenanceRemain, useRemainingNodes } from '../api/get-activation-status';

/** Remaining authorised nodes and maintenance time of the chosen product on the chosen server. */
export function EntitlementStatus({ target }: { target: ProductOnServer | null }) {
  const { t } = useTranslation('activation');
  const remaining = useRemainingNodes(target);
  const maintenance = useMaintenanceRemain(target);
  if (!target) return <Alert type="info" showIcon title={t('status.choose')} style={{ marginBottom: 16 }} />;
  if (remaining.isPending || maintenance.isPending) return <Skeleton active paragraph={{ rows: 1 }} />;
  return (
    <div style={{ marginBottom: 16 }}>
      <FailureAlert failure={failureOf(remaining.error)} gap={0} />
      <FailureAlert failure={failureOf(maintenance.error)} gap={0} />
      <Descriptions size="small" column={{ xs: 1, md: 2 }} bordered>
        {remaining.data && (
          <Descriptions.Item label={t('status.remaining')}>
            <span data-testid="remaining-nodes">
              {t('status.remainingValue', {
                remaining: remaining.data.remainingNodes,
                authorised: remaining.data.authorisedNodes,
              })}
            </span>
          </Descriptions.Item>
        )}
        {maintenance.data && (
          <Descriptions.Item label={t('status.maintenance')}>
            <span data-testid="maintenance-remain">
              {maintenance.data.remainingDays >= 0
                ? t('status.maintenanceValue', {
                    date: maintenance.data.maintenanceEnd,
                    days: maintenance.data.remainingDays,
                  })
                : t('status.maintenanceEnded', { date: maintenance.data.maintenanceEnd })}
            </span>
          </Descriptions.Item>
        )}
      </Descriptions>
    </div>
  );
}
