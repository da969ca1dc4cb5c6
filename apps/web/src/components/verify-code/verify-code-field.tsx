import { VERIFY_CODE_LENGTH, type VerifyCodeSent } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { Button, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '@/lib/api-error';
import { MailDelayedNote } from './mail-delayed-note';
import { useCountdown } from './use-countdown';

const CODE_PATTERN = new RegExp(`^\\d{${VERIFY_CODE_LENGTH}}$`);

interface VerifyCodeFieldProps {
  /** The form item name of the code input. */
  name: string;
  /** The input's id, for the label (antd derives it from the form and field names). */
  inputId: string;
  /** Where the last code went (masked); shown under the input. */
  sentTo?: string;
  /** Asks the server for a code (to the bound address, or to a new one being bound). */
  requestCode: () => Promise<VerifyCodeSent>;
  /** Checked before asking, e.g. that the new address is valid; false sends nothing. */
  canRequest?: () => Promise<boolean>;
  onSent: (sent: VerifyCodeSent) => void;
  onSendFailed: (error: ApiError) => void;
}

/**
 * The verification code with its "Get code" button. After a code is sent the button waits the
 * server's resend interval, counting down the seconds; a code whose mail the server had to queue
 * says so instead of "sent".
 */
export function VerifyCodeField({
  name,
  inputId,
  sentTo,
  requestCode,
  canRequest,
  onSent,
  onSendFailed,
}: VerifyCodeFieldProps) {
  const { t } = useTranslation('account');
  const countdown = useCountdown();
  // The server's text when the last code's mail is queued rather than sent.
  const [mailDelayed, setMailDelayed] = useState<string>();
  const sendCode = useMutation<VerifyCodeSent, ApiError>({
    mutationFn: requestCode,
    onSuccess: (sent) => {
      countdown.start(sent.resendAfterSeconds);
      setMailDelayed(sent.mailDelayed);
      onSent(sent);
    },
    onError: (error) => {
      // Asked too soon (429): the button counts down the server's Retry-After.
      if (error.retryAfterSeconds) countdown.start(error.retryAfterSeconds);
      setMailDelayed(undefined);
      onSendFailed(error);
    },
  });
  const ask = async () => {
    if (canRequest && !(await canRequest())) return;
    sendCode.mutate();
  };

  return (
    <Form.Item
      label={t('password.code.label')}
      htmlFor={inputId}
      required
      extra={
        mailDelayed ? (
          <MailDelayedNote text={mailDelayed} />
        ) : (
          sentTo && t('password.code.sent', { destination: sentTo })
        )
      }
    >
      <Space.Compact block>
        <Form.Item
          name={name}
          noStyle
          rules={[
            { required: true, message: t('password.code.required') },
            { pattern: CODE_PATTERN, message: t('password.code.invalid', { length: VERIFY_CODE_LENGTH }) },
          ]}
        >
          <Input
            data-testid="verify-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={VERIFY_CODE_LENGTH}
            placeholder={t('password.code.placeholder', { length: VERIFY_CODE_LENGTH })}
          />
        </Form.Item>
        <Button
          data-testid="get-code-button"
          loading={sendCode.isPending}
          disabled={countdown.running}
          onClick={() => void ask()}
        >
          {countdown.running
            ? t('password.code.resend', { seconds: countdown.remaining })
            : t('password.code.get')}
        </Button>
      </Space.Compact>
    </Form.Item>
  );
}
