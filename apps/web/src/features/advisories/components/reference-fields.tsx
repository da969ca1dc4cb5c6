import { ADVISORY_LIMITS } from '@portal/contract';
import { Button, Col, Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';

/** Links to further reading (http or https), each with an optional summary per language. */
export function ReferenceFields() {
  const { t } = useTranslation('advisories');
  return (
    <Form.List name="references">
      {(fields, { add, remove }) => (
        <>
          {fields.map((field) => (
            <Row key={field.key} gutter={8} align="top">
              <Col xs={24} md={10}>
                <Form.Item
                  name={[field.name, 'url']}
                  label={t('form.url')}
                  rules={[
                    { required: true, message: t('form.required.url') },
                    { type: 'url', message: t('form.invalid') },
                  ]}
                >
                  <Input maxLength={2000} placeholder="https://" />
                </Form.Item>
              </Col>
              <Col xs={24} md={6}>
                <Form.Item name={[field.name, 'summaryZh']} label={t('form.refSummaryZh')}>
                  <Input maxLength={300} />
                </Form.Item>
              </Col>
              <Col xs={24} md={6}>
                <Form.Item name={[field.name, 'summaryEn']} label={t('form.refSummaryEn')}>
                  <Input maxLength={300} />
                </Form.Item>
              </Col>
              <Col xs={24} md={2}>
                <Button
                  type="link"
                  danger
                  onClick={() => remove(field.name)}
                  style={{ marginTop: 30, padding: 0 }}
                >
                  {t('form.remove')}
                </Button>
              </Col>
            </Row>
          ))}
          {fields.length < ADVISORY_LIMITS.references && (
            <Button
              onClick={() => add({ url: '', summaryZh: '', summaryEn: '' })}
              style={{ marginBottom: 16 }}
            >
              {t('form.addReference')}
            </Button>
          )}
        </>
      )}
    </Form.List>
  );
}

/** The people to thank: a name and, optionally, their organisation. */
export function AcknowledgmentFields() {
  const { t } = useTranslation('advisories');
  return (
    <Form.List name="acknowledgments">
      {(fields, { add, remove }) => (
        <>
          {fields.map((field) => (
            <Row key={field.key} gutter={8} align="top">
              <Col xs={24} md={11}>
                <Form.Item
                  name={[field.name, 'name']}
                  label={t('form.ackName')}
                  rules={[{ required: true, whitespace: true, message: t('form.required.ackName') }]}
                >
                  <Input maxLength={200} />
                </Form.Item>
              </Col>
              <Col xs={24} md={11}>
                <Form.Item name={[field.name, 'organization']} label={t('form.ackOrganization')}>
                  <Input maxLength={200} />
                </Form.Item>
              </Col>
              <Col xs={24} md={2}>
                <Button
                  type="link"
                  danger
                  onClick={() => remove(field.name)}
                  style={{ marginTop: 30, padding: 0 }}
                >
                  {t('form.remove')}
                </Button>
              </Col>
            </Row>
          ))}
          {fields.length < ADVISORY_LIMITS.acknowledgments && (
            <Button onClick={() => add({ name: '', organization: '' })} style={{ marginBottom: 16 }}>
              {t('form.addAcknowledgment')}
            </Button>
          )}
        </>
      )}
    </Form.List>
  );
}
