import type { ApiToken } from '@portal/contract';
import { Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';

const STATE_COLOURS: Record<ApiToken['state'], string> = {
  active: 'success',
  expired: 'default',
  revoked: 'error',
};

/** Active, expired or revoked; a revoked token also says why and when. */
export function ApiTokenState({ token }: { token: ApiToken }) {
  const { t } = useTranslation('automation');
  return (
    <Flex vertical gap={2} align="start">
      <Tag color={STATE_COLOURS[token.state]} data-testid="api-token-state">
        {t(`apiTokens.state.${token.state}`)}
      </Tag>
      {token.state === 'revoked' && token.revokedReason && (
        <Typography.Text type="secondary" data-testid="api-token-revoked-reason">
          {t(`apiTokens.reason.${token.revokedReason}`)}
          {token.revokedAt && ` ${t('apiTokens.revokedAt', { time: formatDateTime(token.revokedAt) })}`}
        </Typography.Text>
      )}
    </Flex>
  );
}
