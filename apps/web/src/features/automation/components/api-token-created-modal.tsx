import type { ApiTokenCreated } from '@portal/contract';
import { App, Button, Input, Space, Typography, theme } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ShownOnceModal } from './shown-once-modal';

/** Where the portal answers, as the examples should name it. */
const portalOrigin = () => window.location.origin;

interface ApiTokenCreatedModalProps {
  token: ApiTokenCreated;
  open: boolean;
  onClose: () => void;
  /** Once the closing motion is over (and the focus is back where it was): forget the secret. */
  afterClose: () => void;
}

/**
 * The secret of a new token, shown this once (the server keeps only its hash), with a copy button
 * and how to use it.
 */
export function ApiTokenCreatedModal({ token, open, onClose, afterClose }: ApiTokenCreatedModalProps) {
  const { t } = useTranslation('automation');
  const { message } = App.useApp();
  const { token: design } = theme.useToken();
  const codeBlock = {
    ...CODE_BLOCK,
    background: design.colorFillQuaternary,
    borderRadius: design.borderRadius,
  };
  const fieldId = useId();
  const origin = portalOrigin();
  const curl = [
    `curl -H "Authorization: Bearer ${token.token}" \\`,
    `  -H "Content-Type: application/json" -d '{"sns":["<SN>"]}' \\`,
    `  ${origin}/api/fleet/resolve`,
  ].join('\n');
  const cli = [`printf '%s' '${token.token}' \\`, `  | fwportal login --url ${origin} --token-stdin`].join(
    '\n',
  );

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(token.token);
      void message.success(t('apiTokens.created.copied'));
    } catch {
      void message.error(t('apiTokens.created.copyFailed'));
    }
  };

  return (
    <ShownOnceModal
      open={open}
      onClose={onClose}
      afterClose={afterClose}
      title={t('apiTokens.created.title', { name: token.name })}
      warning={t('apiTokens.created.warning')}
      doneText={t('apiTokens.created.done')}
      testId="api-token-created"
    >
      <div>
        <label htmlFor={fieldId}>
          <Typography.Text strong>{t('apiTokens.created.token')}</Typography.Text>
        </label>
        <Space.Compact style={{ width: '100%', marginTop: 4 }}>
          <Input
            id={fieldId}
            readOnly
            value={token.token}
            data-testid="api-token-secret"
            onFocus={(event) => event.target.select()}
            style={{ fontFamily: 'monospace' }}
          />
          <Button type="primary" onClick={() => void copy()} data-testid="api-token-copy">
            {t('apiTokens.created.copy')}
          </Button>
        </Space.Compact>
      </div>
      <div>
        <Typography.Title level={5}>{t('apiTokens.created.examples')}</Typography.Title>
        <Typography.Paragraph>{t('apiTokens.created.curl')}</Typography.Paragraph>
        <pre data-testid="api-token-example-curl" style={codeBlock} tabIndex={0}>
          {curl}
        </pre>
        <Typography.Paragraph>{t('apiTokens.created.cli')}</Typography.Paragraph>
        <pre data-testid="api-token-example-cli" style={codeBlock} tabIndex={0}>
          {cli}
        </pre>
      </div>
    </ShownOnceModal>
  );
}

// Scrolls sideways on a phone instead of wrapping a command in the middle (focusable, so it scrolls by keyboard too).
const CODE_BLOCK = {
  margin: '0 0 16px',
  padding: '8px 12px',
  overflowX: 'auto',
  whiteSpace: 'pre',
  fontSize: 12,
} as const;
