import { ADVISORY_LIMITS, SERVER_FIRMWARE_KINDS } from '@portal/contract';
import { Button, Card, Col, Form, Input, Radio, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useProductModels } from '../api/get-product-models';
import { type AdvisoryFormValues, EMPTY_AFFECTED } from '../utils/advisory-form-values';

/** One affected product: a server model or a PCIe part number, its kind and version range. */
function AffectedCard({ name, index, onRemove }: { name: number; index: number; onRemove?: () => void }) {
  const { t } = useTranslation('advisories');
  const form = Form.useFormInstance<AdvisoryFormValues>();
  const by = Form.useWatch(['affected', name, 'by'], form);
  const models = useProductModels();
  const required = (field: 'model' | 'pn' | 'kind' | 'fixedIn') => ({
    required: true,
    message: t(`form.required.${field}`),
  });
  return (
    <Card
      size="small"
      title={t('form.affectedRow', { n: index + 1 })}
      extra={
        onRemove && (
          <Button type="link" danger size="small" onClick={onRemove}>
            {t('form.remove')}
          </Button>
        )
      }
      style={{ marginBottom: 12 }}
      data-testid={`affected-${index}`}
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
              <Input maxLength={64} data-testid={`affected-pn-${index}`} />
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
            <Input maxLength={64} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item
            name={[name, 'fixedIn']}
            label={t('form.fixedIn')}
            rules={[{ ...required('fixedIn'), whitespace: true }]}
          >
            <Input maxLength={64} data-testid={`affected-fixed-${index}`} />
          </Form.Item>
        </Col>
      </Row>
    </Card>
  );
}

/** The affected products: at least one. */
export function AffectedFields() {
  const { t } = useTranslation('advisories');
  return (
    <Form.List name="affected">
      {(fields, { add, remove }) => (
        <>
          {fields.map((field, index) => (
            <AffectedCard
              key={field.key}
              name={field.name}
              index={index}
              onRemove={fields.length > 1 ? () => remove(field.name) : undefined}
            />
          ))}
          {fields.length < ADVISORY_LIMITS.affected && (
            <Button
              onClick={() => add(EMPTY_AFFECTED)}
              style={{ marginBottom: 16 }}
              data-testid="affected-add"
            >
              {t('form.addAffected')}
            </Button>
          )}
        </>
      )}
    </Form.List>
  );
}
