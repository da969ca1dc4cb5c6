import type { ApiToken } from '@portal/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Flex, Popconfirm, type TableColumnsType, Tag, Typography } from 'antd';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { ListTable } from '@/components/list-table/list-table';
import type { ApiError } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format';
import { SCOPE_KEYS } from '../utils/scope-keys';
import { ApiTokenState } from './api-token-state';

// antd types onRow's answer as plain HTML attributes, which have no data-* keys.
const rowAttributes = (token: ApiToken): HTMLAttributes<HTMLElement> =>
  ({ 'data-testid': 'api-token-row', 'data-name': token.name }) as HTMLAttributes<HTMLElement>;

interface ApiTokenTableProps {
  tokens: UseQueryResult<ApiToken[], ApiError>;
  /** Offered on active tokens only; without it the table has no action column. */
  onRevoke?: (token: ApiToken) => void;
  /** The token being revoked right now (its button spins). */
  revokingId?: number;
  testId: string;
}

/**
 * Personal access tokens as their owner and staff see them: never the secret, only its first
 * characters. Shared by the account section and the staff user detail.
 */
export function ApiTokenTable({ tokens, onRevoke, revokingId, testId }: ApiTokenTableProps) {
  const { t } = useTranslation('automation');

  const columns: TableColumnsType<ApiToken> = [
    {
      title: t('apiTokens.column.name'),
      key: 'name',
      render: (_, token) => (
        <Flex vertical gap={2}>
          <Typography.Text strong>{token.name}</Typography.Text>
          <Typography.Text type="secondary" code data-testid="api-token-prefix">
            {t('apiTokens.prefix', { prefix: token.prefix })}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('apiTokens.column.scopes'),
      key: 'scopes',
      render: (_, token) => (
        <Flex gap={4} wrap>
          {token.scopes.map((scope) => (
            <Tag key={scope}>{t(`apiTokens.scope.${SCOPE_KEYS[scope]}`)}</Tag>
          ))}
        </Flex>
      ),
    },
    {
      title: t('apiTokens.column.created'),
      key: 'created',
      render: (_, token) => formatDateTime(token.createdAt),
    },
    {
      title: t('apiTokens.column.expires'),
      key: 'expires',
      render: (_, token) => formatDateTime(token.expiresAt),
    },
    {
      title: t('apiTokens.column.lastUsed'),
      key: 'lastUsed',
      render: (_, token) =>
        token.lastUsedAt ? (
          <Flex vertical gap={2} data-testid="api-token-last-used">
            <span>{formatDateTime(token.lastUsedAt)}</span>
            {token.lastUsedIp && (
              <Typography.Text type="secondary">
                {t('apiTokens.lastUsed.from', { ip: token.lastUsedIp })}
              </Typography.Text>
            )}
          </Flex>
        ) : (
          <Typography.Text type="secondary" data-testid="api-token-last-used">
            {t('apiTokens.lastUsed.never')}
          </Typography.Text>
        ),
    },
    {
      title: t('apiTokens.column.state'),
      key: 'state',
      render: (_, token) => <ApiTokenState token={token} />,
    },
  ];
  if (onRevoke) {
    columns.push({
      title: t('apiTokens.column.actions'),
      key: 'actions',
      // Reachable without scrolling when the columns are wider than a phone or the staff drawer.
      fixed: 'right',
      render: (_, token) =>
        token.state === 'active' && (
          <Popconfirm
            title={t('apiTokens.revokeConfirm', { name: token.name })}
            okText={t('apiTokens.revokeOk')}
            cancelText={t('apiTokens.revokeCancel')}
            okButtonProps={{ danger: true, 'data-testid': 'api-token-revoke-confirm' }}
            onConfirm={() => onRevoke(token)}
          >
            <Button
              size="small"
              danger
              data-testid="api-token-revoke"
              aria-label={t('apiTokens.revokeLabel', { name: token.name })}
              loading={revokingId === token.id}
            >
              {t('apiTokens.revoke')}
            </Button>
          </Popconfirm>
        ),
    });
  }

  return (
    <ListTable<ApiToken>
      query={tokens}
      columns={columns}
      loadFailed={t('apiTokens.list.loadFailed')}
      emptyText={t('apiTokens.list.empty')}
      testId={testId}
      onRow={rowAttributes}
    />
  );
}
