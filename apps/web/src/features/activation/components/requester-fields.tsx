import {
  MACHINE_CODE_MAX_LENGTH,
  MACHINE_CODE_PATTERN,
  MAX_APPLICATION_QUANTITY,
  type Entitlement,
} from '@portal/contract';
import { Col, Form, Input, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { requiredText } from '@/lib/form-rules';

/**
 * The fields an activation and a trial share (spec section 3): the server, the product and
 * version, the machine, the nodes to license (one field, issue 18 §3) and who asks. Checked
 * here for a quick answer and again on the server, which has the final word.
 */
export function RequesterFields({ entitlements }: { entitlements: Entitlement[] }) {
  const { t } = useTranslation('activation');
  const form = Form.useFormInstance();
  const sn = Form.useWatch<string | undefined>('sn', form);
  const serials = [...new Set(entitlements.flatMap((entitlement) => entitlement.serials))];
  // The code is what the server checks; the name is what the reader knows the product by.
  const products = [
    ...new Map(
      entitlements.filter((e) => !sn || e.serials.includes(sn)).map((e) => [e.product, e.productName]),
    ),
  ];

  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Form.Item name="sn" label={t('field.sn')} rules={[requiredText(t('field.snRequired'))]}>
          <Select
            showSearch
            data-testid="activation-sn"
            options={serials.map((value) => ({ value, label: value }))}
            onChange={(value: string) => {
              const match = entitlements.find((entitlement) => entitlement.serials.includes(value));
              if (match) form.setFieldsValue({ product: match.product, customerName: match.customerName });
            }}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          name="product"
          label={t('field.product')}
          rules={[requiredText(t('field.productRequired'))]}
        >
          <Select
            data-testid="activation-product"
            options={products.map(([value, label]) => ({ value, label }))}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          name="version"
          label={t('field.version')}
          rules={[requiredText(t('field.versionRequired'))]}
        >
          <Input maxLength={64} data-testid="activation-version" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          name="machineCode"
          label={t('field.machineCode')}
          extra={t('field.machineCodeHint')}
          rules={[
            requiredText(t('field.machineCodeRequired')),
            { pattern: MACHINE_CODE_PATTERN, message: t('field.machineCodeInvalid') },
          ]}
        >
          <Input maxLength={MACHINE_CODE_MAX_LENGTH} data-testid="activation-machine-code" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          name="nodes"
          label={t('field.nodes')}
          extra={t('field.nodesHint', { max: MAX_APPLICATION_QUANTITY })}
          rules={[
            requiredText(t('field.numberRequired')),
            {
              validator: async (_, value: string | undefined) => {
                if (!value) return; // the required rule says so
                const number = Number(value);
                if (!/^\d+$/.test(value) || number < 1 || number > MAX_APPLICATION_QUANTITY)
                  throw new Error(t('field.nodesInvalid', { max: MAX_APPLICATION_QUANTITY }));
              },
            },
          ]}
        >
          <Input inputMode="numeric" maxLength={4} data-testid="activation-nodes" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          name="customerName"
          label={t('field.customerName')}
          rules={[requiredText(t('field.required'))]}
        >
          <Input maxLength={128} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="contacts" label={t('field.contacts')} rules={[requiredText(t('field.required'))]}>
          <Input maxLength={64} data-testid="activation-contacts" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          name="contactInfo"
          label={t('field.contactInfo')}
          rules={[requiredText(t('field.required'))]}
        >
          <Input maxLength={128} data-testid="activation-contact-info" />
        </Form.Item>
      </Col>
    </Row>
  );
}
