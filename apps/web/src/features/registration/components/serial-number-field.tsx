import type { SnLookup } from '@portal/contract';
import { Button, Form, type FormRule, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLookupSn } from '../api/lookup-sn';

/** The optional server serial number with a "Check" that names the model (spec 5: not required). */
export function SerialNumberField({ rules }: { rules: FormRule[] }) {
  const { t } = useTranslation('register');
  const form = Form.useFormInstance();
  const [found, setFound] = useState<SnLookup>();
  const lookup = useLookupSn({
    onSuccess: (answer) => {
      setFound(answer.exists ? answer : undefined);
      form.setFields([
        { name: 'sn', errors: answer.exists ? [] : [t('register.sn.notFound', { sn: answer.sn })] },
      ]);
    },
    onError: (error) => {
      setFound(undefined);
      form.setFields([{ name: 'sn', errors: [error.message] }]);
    },
  });

  const check = async () => {
    const sn = String(form.getFieldValue('sn') ?? '').trim();
    if (!sn) {
      form.setFields([{ name: 'sn', errors: [t('register.sn.empty')] }]);
      return;
    }
    const valid = await form.validateFields(['sn']).then(
      () => true,
      () => false,
    );
    if (valid) lookup.mutate(sn);
  };

  return (
    <Form.Item
      label={t('register.sn.label')}
      htmlFor="sn-input"
      extra={
        found ? (
          <Typography.Text type="success" data-testid="sn-model">
            {t('register.sn.found', { sn: found.sn })}
          </Typography.Text>
        ) : (
          t('register.sn.hint')
        )
      }
    >
      <Space.Compact block>
        <Form.Item name="sn" noStyle rules={rules}>
          <Input id="sn-input" data-testid="sn-input" maxLength={64} onChange={() => setFound(undefined)} />
        </Form.Item>
        <Button data-testid="sn-check" loading={lookup.isPending} onClick={() => void check()}>
          {t('register.sn.check')}
        </Button>
      </Space.Compact>
    </Form.Item>
  );
}
