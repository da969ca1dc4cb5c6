import { USER_EDIT_PERMISSION } from '@portal/contract';
import { App, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePermission } from '@/lib/access';
import { useUserApiTokens } from '../api/get-user-api-tokens';
import { useRevokeUserApiToken } from '../api/revoke-user-api-token';
import { ApiTokenTable } from './api-token-table';
import { UserWebhooks } from './user-webhooks';

/**
 * Staff view of a user's personal access tokens (users page, user detail): the same columns as
 * the owner's, never a secret; revoking needs sysUser:edit and is audited by the server. The
 * user's webhooks follow (automation, as support sees it).
 */
export function UserApiTokens({ userId }: { userId: number }) {
  const { t } = useTranslation('automation');
  const { message } = App.useApp();
  const canRevoke = usePermission(USER_EDIT_PERMISSION);
  const tokens = useUserApiTokens(userId);
  const revoke = useRevokeUserApiToken(userId, {
    onSuccess: () => void message.success(t('apiTokens.revoked')),
    onError: (error) => void message.error(error.message),
  });

  return (
    <>
      <Typography.Paragraph type="secondary">{t('apiTokens.staff.intro')}</Typography.Paragraph>
      <ApiTokenTable
        testId="user-api-tokens"
        tokens={tokens}
        onRevoke={canRevoke ? (token) => revoke.mutate({ userId, id: token.id }) : undefined}
        revokingId={revoke.isPending ? revoke.variables.id : undefined}
      />
      <UserWebhooks userId={userId} />
    </>
  );
}
