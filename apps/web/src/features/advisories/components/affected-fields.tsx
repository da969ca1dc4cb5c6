import { ADVISORY_LIMITS, SERVER_FIRMWARE_KINDS } from '@portal/contract';
import { Col, Form, Input, Radio, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useProductModels } from '../api/get-product-models';
import { type AdvisoryFormValues, EMPTY_AFFECTED } from '../utils/advisory-form-values';
import { type RepeatedEntry, RepeatedCard, RepeatedFields } from '@/components/repeated-fields';

/** One affected product: a server model or a PCIe part number, its kind and version range. */
function AffectedCard({ name, index, onRemove }: RepeatedEntry) {
  const { t } = useTranslation('advisories');
  const form = Form.useFormInstance<AdvisoryFormValues>();
  const by = Form.useWatch(['affected', name, 'by'], form);
  const models = useProductModels();
  const required = (field: 'model' | 'pn' | 'kind' | 'fixedIn') => ({
    required: true,
    message: t(`form.required.${field}`),
  });
  return (
    <RepeatedCard
      title={t('form.affectedRow', { n: index + 1 })}
      removeText={t('form.remove')}
      onRemove={onRemove}
      testId={`affected-${index}`}
    >
      <Row gutter={12}>
        <Col xs={24} sm={10}>
          <Form.Item name={[name, 'by']} label={t('form.productBy')}>
            <Radio.Group
              optionType="button"
              options={[
                { value: 'model', label: t('form.byModel') },
                { value: 'pn', label: t('form.byPn') },
              ]}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={14}>
          {by === 'pn' ? (
            <Form.Item
              name={[name, 'pn']}
              label={t('form.pn')}
              normalize={(value: string) => value.toUpperCase()}
              rules={[{ ...required('pn'), whitespace: true }]}
            >
              <Input maxLength={ADVISORY_LIMITS.version} data-testid={`affected-pn-${index}`} />
            </Form.Item>
          ) : (
            <Form.Item name={[name, 'modelId']} label={t('form.model')} rules={[required('model')]}>
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                loading={models.isFetching}
                options={(models.data ?? []).map((model) => ({
                  value: model.id,
                  label: `${model.name} (${model.code})`,
                }))}
                data-testid={`affected-model-${index}`}
              />
            </Form.Item>
          )}
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item name={[name, 'kind']} label={t('form.kind')} rules={[required('kind')]}>
            <Select
              options={SERVER_FIRMWARE_KINDS.map((kind) => ({ value: kind, label: t(`kind.${kind}`) }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item name={[name, 'affectedFrom']} label={t('form.affectedFrom')}>
            <Input maxLength={ADVISORY_LIMITS.version} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item
            name={[name, 'fixedIn']}
            label={t('form.fixedIn')}
            rules={[{ ...required('fixedIn'), whitespace: true }]}
          >
            <Input maxLength={ADVISORY_LIMITS.version} data-testid={`affected-fixed-${index}`} />
          </Form.Item>
        </Col>
      </Row>
    </RepeatedCard>
  );
}

/** The affected products: at least one. */
export function AffectedFields() {
  const { t } = useTranslation('advisories');
  return (
    <RepeatedFields
      name="affected"
      min={1}
      max={ADVISORY_LIMITS.affected}
      empty={EMPTY_AFFECTED}
      addText={t('form.addAffected')}
      addTestId="affected-add"
    >
      {(entry) => <AffectedCard {...entry} />}
    </RepeatedFields>
  );
}
