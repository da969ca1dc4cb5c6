import { ADVISORY_LIMITS, SERVER_FIRMWARE_KINDS } from '@portal/contract';
import { VEX_JUSTIFICATIONS, VEX_STATUSES } from '@portal/contract/vex';
import type { AdvisoryTriageRow } from '@portal/contract';
import { Button, Col, Form, Input, Radio, Row, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useProductModels } from '../api/get-product-models';
import { type AdvisoryFormValues, type AffectedFormRow, EMPTY_AFFECTED } from '../utils/advisory-form-values';
import { SbomTriageModal } from './sbom-triage-modal';
import { type RepeatedEntry, RepeatedCard, RepeatedFields } from '@/components/repeated-fields';
import { requiredText } from '@/lib/form-rules';
import { RemoteSelect } from '@/components/remote-select';

/**
 * One product: a server model or a PCIe part number, its kind, what is true of a version range of
 * it (VEX status) and, when it is not affected, why.
 */
function AffectedCard({ name, index, onRemove }: RepeatedEntry) {
  const { t } = useTranslation('advisories');
  const form = Form.useFormInstance<AdvisoryFormValues>();
  const by = Form.useWatch(['affected', name, 'by'], form);
  const status = Form.useWatch(['affected', name, 'status'], form) ?? 'known_affected';
  const affected = status === 'known_affected';
  const models = useProductModels();
  const required = (field: 'model' | 'pn' | 'kind' | 'fixedIn' | 'justification' | 'impact') => ({
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
              rules={[requiredText(t('form.required.pn'))]}
            >
              <Input maxLength={ADVISORY_LIMITS.version} data-testid={`affected-pn-${index}`} />
            </Form.Item>
          ) : (
            <Form.Item name={[name, 'modelId']} label={t('form.model')} rules={[required('model')]}>
              <RemoteSelect
                showSearch={{ optionFilterProp: 'label' }}
                pending={models.isPending}
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
          <Form.Item name={[name, 'status']} label={t('form.status')}>
            <Select
              options={VEX_STATUSES.map((value) => ({ value, label: t(`vex.status.${value}`) }))}
              data-testid={`affected-status-${index}`}
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
            label={affected ? t('form.fixedIn') : t('form.rangeEnd')}
            rules={affected ? [requiredText(t('form.required.fixedIn'))] : []}
          >
            <Input maxLength={ADVISORY_LIMITS.version} data-testid={`affected-fixed-${index}`} />
          </Form.Item>
        </Col>
        {status === 'known_not_affected' && (
          <>
            <Col xs={24} sm={8}>
              <Form.Item
                name={[name, 'justification']}
                label={t('form.justification')}
                rules={[required('justification')]}
              >
                <Select
                  options={VEX_JUSTIFICATIONS.map((value) => ({
                    value,
                    label: t(`vex.justification.${value}`),
                  }))}
                  data-testid={`affected-justification-${index}`}
                />
              </Form.Item>
            </Col>
            <Col xs={24} sm={16}>
              <Form.Item
                name={[name, 'impactEn']}
                label={t('form.impactEn')}
                dependencies={[['affected', name, 'impactZh']]}
                rules={[
                  {
                    validator: (_rule, value?: string) =>
                      value?.trim() || form.getFieldValue(['affected', name, 'impactZh'])?.trim()
                        ? Promise.resolve()
                        : Promise.reject(new Error(t('form.required.impact'))),
                  },
                ]}
              >
                <Input.TextArea
                  rows={2}
                  maxLength={ADVISORY_LIMITS.impact}
                  data-testid={`affected-impact-en-${index}`}
                />
              </Form.Item>
              <Form.Item name={[name, 'impactZh']} label={t('form.impactZh')}>
                <Input.TextArea rows={2} maxLength={ADVISORY_LIMITS.impact} />
              </Form.Item>
            </Col>
          </>
        )}
      </Row>
    </RepeatedCard>
  );
}

/** Triage rows as form rows: under investigation over the versions whose SBOM holds the component. */
function triageRows(rows: AdvisoryTriageRow[]): AffectedFormRow[] {
  return rows.map((row) => ({
    by: row.modelId === null ? 'pn' : 'model',
    modelId: row.modelId,
    pn: row.pn,
    kind: row.kind,
    status: 'under_investigation',
    affectedFrom: row.affectedFrom,
    fixedIn: row.fixedIn ?? '',
  }));
}

/** The products the advisory speaks of: at least one; triage from SBOMs adds a starting list. */
export function AffectedFields() {
  const { t } = useTranslation('advisories');
  const form = Form.useFormInstance<AdvisoryFormValues>();
  const [triageOpen, setTriageOpen] = useState(false);
  const addTriaged = (rows: AdvisoryTriageRow[]) => {
    // An untouched first row (no model, no part number) gives way to the triaged ones.
    const kept = (form.getFieldValue('affected') as AffectedFormRow[]).filter((row) => row.modelId || row.pn);
    form.setFieldValue('affected', [...kept, ...triageRows(rows)].slice(0, ADVISORY_LIMITS.affected));
    setTriageOpen(false);
  };
  return (
    <>
      <Button onClick={() => setTriageOpen(true)} data-testid="affected-triage" style={{ marginBottom: 12 }}>
        {t('triage.open')}
      </Button>
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
      {triageOpen && <SbomTriageModal onAdd={addTriaged} onClose={() => setTriageOpen(false)} />}
    </>
  );
}
