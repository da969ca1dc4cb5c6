import type { Activation, ActivationRequest, Entitlement } from '@portal/contract';
import { App, Button, Col, Form, Row } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VerifyCodeField } from '@/components/verify-code/verify-code-field';
import { showFailure } from '@/lib/show-failure';
import { sendActivationCode, useGenerateActivation, useRequestTrial } from '../api/generate-activation';
import { EntitlementStatus } from './entitlement-status';
import { IssuedCode } from './issued-code';
import { RequesterFields } from './requester-fields';

type Props = {
  /** 'code' asks for nodes from a paid entitlement (with a mailed code); 'trial' for a trial licence. */
  mode: 'code' | 'trial';
  entitlements: Entitlement[];
};

/** The activate and trial subpages: the request form, then the issued code. */
export function ActivationForm({ mode, entitlements }: Props) {
  const { t } = useTranslation('activation');
  const { message } = App.useApp();
  const [form] = Form.useForm<ActivationRequest>();
  const [issued, setIssued] = useState<Activation | null>(null);
  const [sentTo, setSentTo] = useState<string>();
  const sn = Form.useWatch<string | undefined>('sn', form);
  const product = Form.useWatch<string | undefined>('product', form);
  const callbacks = {
    onSuccess: (activation: Activation) => setIssued(activation),
    onError: (error: Error) => showFailure(error, message, form),
  };
  const generate = useGenerateActivation(callbacks);
  const trial = useRequestTrial(callbacks);
  const pending = generate.isPending || trial.isPending;
  const usable = entitlements.filter((entitlement) => entitlement.trial === (mode === 'trial'));

  if (issued)
    return (
      <IssuedCode
        activation={issued}
        onDone={() => {
          setIssued(null);
          form.resetFields(['machineCode', 'verifyCode']);
        }}
      />
    );

  return (
    <Form<ActivationRequest>
      form={form}
      // Its own name, so its ids (activation-code_machineCode, activation-trial_machineCode) and
      // the labels' `for` stay apart when both tabs' forms are mounted (issue 42 §4).
      name={`activation-${mode}`}
      layout="vertical"
      data-testid={`activation-form-${mode}`}
      initialValues={{ version: '', nodes: '1' }}
      onFinish={(values) => {
        if (mode === 'code') generate.mutate(values);
        else {
          const { verifyCode: _code, ...request } = values;
          trial.mutate(request);
        }
      }}
    >
      <EntitlementStatus target={mode === 'code' && sn && product ? { sn, product } : null} />
      <RequesterFields entitlements={usable} />
      {mode === 'code' && (
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <VerifyCodeField
              name="verifyCode"
              inputId="activation-code_verifyCode"
              sentTo={sentTo}
              requestCode={sendActivationCode}
              onSent={(sent) => setSentTo(sent.destination)}
              onSendFailed={(error) => void message.error(error.message)}
            />
          </Col>
        </Row>
      )}
      <Button type="primary" htmlType="submit" loading={pending} data-testid={`activation-submit-${mode}`}>
        {mode === 'code' ? t('action.generate') : t('action.trial')}
      </Button>
    </Form>
  );
}
