import { ADVISORY_LIMITS } from '@portal/contract';
import { Col, Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { RepeatedFields, RowRemoveLink } from '@/components/repeated-fields';
import { requiredText } from '@/lib/form-rules';

const SUMMARY_FIELDS = [
  ['summaryZh', 'form.refSummaryZh'],
  ['summaryEn', 'form.refSummaryEn'],
] as const;

/** Links to further reading (http or https), each with an optional summary per language. */
export function ReferenceFields() {
  const { t } = useTranslation('advisories');
  return (
    <RepeatedFields
      name="references"
      max={ADVISORY_LIMITS.references}
      empty={{ url: '', summaryZh: '', summaryEn: '' }}
      addText={t('form.addReference')}
    >
      {({ name, onRemove }) => (
        <Row gutter={8} align="top">
          <Col xs={24} md={10}>
            <Form.Item
              name={[name, 'url']}
              label={t('form.url')}
              rules={[
                { required: true, message: t('form.required.url') },
                { type: 'url', message: t('form.invalid') },
              ]}
            >
              <Input maxLength={ADVISORY_LIMITS.url} placeholder="https://" />
            </Form.Item>
          </Col>
          {SUMMARY_FIELDS.map(([field, label]) => (
            <Col key={field} xs={24} md={6}>
              <Form.Item name={[name, field]} label={t(label)}>
                <Input maxLength={ADVISORY_LIMITS.referenceSummary} />
              </Form.Item>
            </Col>
          ))}
          <RowRemoveLink text={t('form.remove')} onRemove={onRemove} />
        </Row>
      )}
    </RepeatedFields>
  );
}

/** The people to thank: a name and, optionally, their organisation. */
export function AcknowledgmentFields() {
  const { t } = useTranslation('advisories');
  return (
    <RepeatedFields
      name="acknowledgments"
      max={ADVISORY_LIMITS.acknowledgments}
      empty={{ name: '', organization: '' }}
      addText={t('form.addAcknowledgment')}
    >
      {({ name, onRemove }) => (
        <Row gutter={8} align="top">
          <Col xs={24} md={11}>
            <Form.Item
              name={[name, 'name']}
              label={t('form.ackName')}
              rules={[requiredText(t('form.required.ackName'))]}
            >
              <Input maxLength={ADVISORY_LIMITS.name} />
            </Form.Item>
          </Col>
          <Col xs={24} md={11}>
            <Form.Item name={[name, 'organization']} label={t('form.ackOrganization')}>
              <Input maxLength={ADVISORY_LIMITS.name} />
            </Form.Item>
          </Col>
          <RowRemoveLink text={t('form.remove')} onRemove={onRemove} />
        </Row>
      )}
    </RepeatedFields>
  );
}
