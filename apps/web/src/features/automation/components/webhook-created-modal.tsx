import { WEBHOOK_HEADERS, WEBHOOK_SIGNATURE_VERSION, type WebhookCreated } from '@portal/contract';
import { Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { CopyField } from './copy-field';
import { ShownOnceModal } from './shown-once-modal';

interface WebhookCreatedModalProps {
  webhook: WebhookCreated;
  open: boolean;
  onClose: () => void;
  /** Once the closing motion is over (and the focus is back where it was): forget the secret. */
  afterClose: () => void;
}

/** How a receiver checks a delivery (docs/AUTOMATION.md), with the header names the portal sends. */
export const VERIFY_SNIPPET = [
  "import { createHmac, timingSafeEqual } from 'node:crypto';",
  '',
  'function verify(secret, headers, rawBody) {',
  `  const timestamp = headers['${WEBHOOK_HEADERS.timestamp}'];`,
  '  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false; // replayed',
  `  const expected = '${WEBHOOK_SIGNATURE_VERSION}=' +`,
  "    createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');",
  `  const given = Buffer.from(headers['${WEBHOOK_HEADERS.signature}'] ?? '');`,
  '  return given.length === expected.length && timingSafeEqual(given, Buffer.from(expected));',
  '}',
].join('\n');

/** The signing secret of a new webhook, shown this once, with how to verify a delivery. */
export function WebhookCreatedModal({ webhook, open, onClose, afterClose }: WebhookCreatedModalProps) {
  const { t } = useTranslation('automation');
  const { token: design } = theme.useToken();
  return (
    <ShownOnceModal
      open={open}
      onClose={onClose}
      afterClose={afterClose}
      title={t('webhooks.created.title')}
      warning={t('webhooks.created.warning')}
      doneText={t('webhooks.created.done')}
      testId="webhook-created"
    >
      <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
        {t('webhooks.deliveries.of', { url: webhook.url })}
      </Typography.Text>
      <CopyField
        label={t('webhooks.created.secret')}
        value={webhook.secret}
        copyText={t('webhooks.created.copy')}
        testId="webhook-secret"
      />
      <div>
        <Typography.Title level={5}>{t('webhooks.created.verify')}</Typography.Title>
        <Typography.Paragraph>{t('webhooks.created.verifyHint')}</Typography.Paragraph>
        <pre
          data-testid="webhook-verify-snippet"
          tabIndex={0}
          style={{
            ...CODE_BLOCK,
            background: design.colorFillQuaternary,
            borderRadius: design.borderRadius,
          }}
        >
          {VERIFY_SNIPPET}
        </pre>
      </div>
    </ShownOnceModal>
  );
}

// Scrolls sideways on a phone instead of wrapping code in the middle (focusable, so it scrolls by keyboard too).
const CODE_BLOCK = {
  margin: 0,
  padding: '8px 12px',
  overflowX: 'auto',
  whiteSpace: 'pre',
  fontSize: 12,
} as const;
