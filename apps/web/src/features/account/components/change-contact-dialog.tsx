import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, PHONE_PATTERN } from '@portal/contract';
import { App, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Failure, FailureAlert } from '@/components/failure-alert';
import { type ContactKind, useBindContact } from '../api/bind-contact';
import { sendEmailCode } from '../api/send-email-code';
import { sendSmsCode } from '../api/send-sms-code';
import { VerifyCodeField } from '@/components/verify-code/verify-code-field';

interface ContactValues {
  value: string;
  code: string;
}

/** Phone numbers as people type them: spaces and dashes go before checking and sending. */
const normalise = (kind: ContactKind, value = '') =>
  kind === 'phone' ? value.replace(/[\s-]+/g, '') : value.trim();

const PATTERNS: Record<ContactKind, RegExp> = { email: EMAIL_PATTERN, phone: PHONE_PATTERN };
const SENDERS = { email: sendEmailCode, phone: sendSmsCode } as const;

/**
 * Binds a new email address or phone number: the new one first, then a code sent to it
 * (with the resend countdown), then confirm. Nothing changes until the code is accepted.
 */
export function ChangeContactDialog({ kind, onClose }: { kind: ContactKind; onClose: () => void }) {
  const { t } = useTranslation('account');
  const { message } = App.useApp();
  const [form] = Form.useForm<ContactValues>();
  const [failure, setFailure] = useState<Failure>();
  const [sentTo, setSentTo] = useState<string>();
  const formName = `change-${kind}`;

  const bind = useBindContact({
    onSuccess: () => {
      void message.success(t(`contact.${kind}.changed`));
      onClose();
    },
    onError: (error) => setFailure({ title: t('contact.failed'), detail: error.message }),
  });

  const canRequest = () =>
    form.validateFields(['value']).then(
      () => true,
      () => false,
    );
  const requestCode = () => SENDERS[kind](normalise(kind, form.getFieldValue('value')));

  return (
    <Modal
      open
      title={t(`contact.${kind}.dialogTitle`)}
      okText={t('contact.confirm')}
      okButtonProps={{ 'data-testid': 'contact-confirm', loading: bind.isPending }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <FailureAlert failure={failure} />
      <Form<ContactValues>
        form={form}
        name={formName}
        layout="vertical"
        onFinish={({ value, code }) => {
          setFailure(undefined);
          bind.mutate({ kind, value: normalise(kind, value), code: code.trim() });
        }}
      >
        <Form.Item
          name="value"
          label={t(`contact.${kind}.new`)}
          rules={[
            { required: true, message: t(`contact.${kind}.required`) },
            {
              validator: async (_rule, value?: string) => {
                if (value && !PATTERNS[kind].test(normalise(kind, value)))
                  throw new Error(t(`contact.${kind}.invalid`));
              },
            },
          ]}
        >
          <Input
            data-testid="contact-value"
            type={kind === 'email' ? 'email' : 'tel'}
            autoComplete={kind === 'email' ? 'email' : 'tel'}
            maxLength={kind === 'email' ? EMAIL_MAX_LENGTH : 32}
          />
        </Form.Item>
        <VerifyCodeField
          name="code"
          inputId={`${formName}_code`}
          sentTo={sentTo}
          requestCode={requestCode}
          canRequest={canRequest}
          onSent={(sent) => {
            setFailure(undefined);
            setSentTo(sent.destination);
          }}
          onSendFailed={(error) => setFailure({ title: t('password.code.failed'), detail: error.message })}
        />
      </Form>
    </Modal>
  );
}
