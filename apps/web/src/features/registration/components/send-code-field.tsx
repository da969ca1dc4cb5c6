import { ErrorCode, VERIFY_CODE_LENGTH, type VerifyCodeSent } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { Button, Form, type FormRule, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MailDelayedNote } from '@/components/verify-code/mail-delayed-note';
import { useCountdown } from '@/components/verify-code/use-countdown';
import { type ApiError, fieldErrorsOf } from '@/lib/api-error';
import type { RegisterField } from '../utils/register-form-values';

interface SendCodeFieldProps {
  /** The code input's field. */
  name: Extract<RegisterField, 'emailCode' | 'smsCode'>;
  /** The field holding where the code goes; it is validated before anything is sent. */
  target: Extract<RegisterField, 'email' | 'phone'>;
  label: string;
  rules: FormRule[];
  send: (destination: string, captcha?: string) => Promise<VerifyCodeSent>;
  /**
   * When the server wants a captcha answer with every code (anonymous forms): the form's
   * `captcha` field is checked and sent along, and `renew` shows a new image and empties the
   * answer afterwards (the server spends an answer on every try; see useFormCaptcha).
   */
  captcha?: { renew: () => void };
}

type CodeRequest = { destination: string; captcha?: string };

const minutes = (seconds: number) => Math.max(1, Math.round(seconds / 60));

/**
 * A verification code input with its "Get code" button. The button first checks the target
 * field, then waits out the server's resend interval counting down the seconds. A refusal
 * (429, bad address, gateway down) shows on the field it concerns; a code whose mail the server
 * had to queue says so (the server's text) instead of "sent".
 */
export function SendCodeField({ name, target, label, rules, send, captcha }: SendCodeFieldProps) {
  const { t } = useTranslation('register');
  const form = Form.useFormInstance();
  const countdown = useCountdown();
  const [sent, setSent] = useState<VerifyCodeSent>();
  const renewCaptcha = () => captcha?.renew();
  const sendCode = useMutation({
    mutationFn: (request: CodeRequest) => send(request.destination, request.captcha),
    onSuccess: (answer) => {
      renewCaptcha();
      countdown.start(answer.resendAfterSeconds);
      setSent(answer);
      form.setFields([{ name, errors: [] }]);
    },
    onError: (error: ApiError) => {
      renewCaptcha();
      setSent(undefined);
      if (error.code === ErrorCode.CAPTCHA_WRONG) {
        form.setFields([{ name: 'captcha', errors: [error.message] }]);
        form.scrollToField('captcha', { block: 'center' });
        return;
      }
      // Asked too soon (429): the button counts down the server's Retry-After.
      if (error.retryAfterSeconds) countdown.start(error.retryAfterSeconds);
      const listed = fieldErrorsOf(error).filter((fieldError) => fieldError.field === target);
      form.setFields(
        listed.length > 0
          ? [{ name: target, errors: listed.map((fieldError) => fieldError.message) }]
          : [{ name, errors: [error.message] }],
      );
    },
  });

  const requestCode = async () => {
    const values: Record<string, string | undefined> = await form.validateFields([target]).catch(() => ({}));
    const destination = values[target]?.trim();
    if (!destination) return;
    if (!captcha) return sendCode.mutate({ destination });
    // The captcha is the form's last field: say there what is missing.
    const answer: string | undefined = await form
      .validateFields(['captcha'])
      .then((checked: Record<string, string | undefined>) => checked.captcha?.trim())
      .catch(() => undefined);
    if (answer) sendCode.mutate({ destination, captcha: answer });
    else form.scrollToField('captcha', { block: 'center' });
  };

  const inputId = `${name}-input`;
  return (
    <Form.Item
      label={label}
      htmlFor={inputId}
      required
      extra={
        sent?.mailDelayed ? (
          <MailDelayedNote text={sent.mailDelayed} />
        ) : (
          sent &&
          t('register.code.sent', { destination: sent.destination, minutes: minutes(sent.expiresInSeconds) })
        )
      }
    >
      <Space.Compact block>
        <Form.Item name={name} noStyle rules={rules}>
          <Input
            id={inputId}
            data-testid={`${name}-input`}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={VERIFY_CODE_LENGTH}
            placeholder={t('register.code.placeholder', { length: VERIFY_CODE_LENGTH })}
          />
        </Form.Item>
        <Button
          data-testid={`${name}-send`}
          loading={sendCode.isPending}
          disabled={countdown.running}
          onClick={() => void requestCode()}
        >
          {countdown.running
            ? t('register.code.resend', { seconds: countdown.remaining })
            : t('register.code.get')}
        </Button>
      </Space.Compact>
    </Form.Item>
  );
}
