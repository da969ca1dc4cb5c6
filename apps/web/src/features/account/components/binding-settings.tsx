import { Divider, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FailureAlert, failureOf } from '@/components/failure-alert';
import { useVerification } from '../api/get-verification';
import { AddSerialsForm } from './add-serials-form';
import { BoundSerialsTable } from './bound-serials-table';

/**
 * /account/settings/binding: the servers bound to the account by serial number. Verified ones
 * unlock the restricted firmware for those servers; pending ones wait for the vendor's support.
 */
export function BindingSettings() {
  const { t } = useTranslation('account');
  const verification = useVerification();
  const serials = verification.data?.serials ?? [];

  return (
    <Flex vertical gap="middle">
      <Typography.Paragraph type="secondary">{t('binding.description')}</Typography.Paragraph>
      <AddSerialsForm bound={serials} />
      <Divider />
      {/* The column's own gap spaces it. */}
      <FailureAlert failure={failureOf(verification.error, t('binding.loadFailed'))} gap={0} />
      {verification.data && (
        <Typography.Text data-testid="sn-summary">
          {t('binding.summary', { verified: verification.data.verified, pending: verification.data.pending })}
        </Typography.Text>
      )}
      <BoundSerialsTable serials={serials} loading={verification.isPending} />
    </Flex>
  );
}
