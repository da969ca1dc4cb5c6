import type { ApiTokenCreated } from '@portal/contract';
import { App, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiTokens } from '../api/get-api-tokens';
import { useRevokeApiToken } from '../api/revoke-api-token';
import { ApiTokenCreatedModal } from './api-token-created-modal';
import { ApiTokenTable } from './api-token-table';
import { CreateApiTokenForm } from './create-api-token-form';
import { SectionWithIntro, TitledPart } from './section-layout';

/** Where the portal's OpenAPI document is served. */
export const API_DOCS_PATH = '/api/docs';

/** Account settings -> API tokens: create one (its secret shown once), list and revoke mine. */
export function ApiTokensSection() {
  const { t } = useTranslation('automation');
  const { message } = App.useApp();
  const tokens = useApiTokens();
  const [created, setCreated] = useState<ApiTokenCreated>();
  const [showing, setShowing] = useState(false);
  const revoke = useRevokeApiToken({
    onSuccess: () => void message.success(t('apiTokens.revoked')),
    onError: (error) => void message.error(error.message),
  });

  return (
    <SectionWithIntro
      name="api-tokens"
      intro={
        <>
          {t('apiTokens.intro')}{' '}
          <Typography.Link
            href={API_DOCS_PATH}
            target="_blank"
            rel="noreferrer"
            // Told apart from the text by more than its colour (WCAG 1.4.1).
            style={{ textDecoration: 'underline' }}
          >
            {t('apiTokens.docs')}
          </Typography.Link>
        </>
      }
    >
      <TitledPart id="api-tokens-create" title={t('apiTokens.create.title')}>
        <CreateApiTokenForm
          onCreated={(token) => {
            setCreated(token);
            setShowing(true);
          }}
        />
      </TitledPart>
      <TitledPart id="api-tokens-list" title={t('apiTokens.list.title')}>
        <ApiTokenTable
          testId="api-tokens-list"
          tokens={tokens}
          onRevoke={(token) => revoke.mutate(token.id)}
          revokingId={revoke.isPending ? revoke.variables : undefined}
        />
      </TitledPart>
      {created && (
        <ApiTokenCreatedModal
          token={created}
          open={showing}
          onClose={() => setShowing(false)}
          afterClose={() => setCreated(undefined)}
        />
      )}
    </SectionWithIntro>
  );
}
