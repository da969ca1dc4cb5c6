import { ADVISORY_LIMITS, ADVISORY_TLPS, type StaffAdvisoryDetail } from '@portal/contract';
import { Alert, Col, DatePicker, Divider, Form, Grid, Input, Row, Select, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { FailureAlert, failureOf } from '@/components/failure-alert';
import { FormDrawer } from '@/components/form-overlay/form-drawer';
import { useFormSave } from '@/components/form-overlay/use-form-save';
import { requiredText } from '@/lib/form-rules';
import { useStaffAdvisory } from '../api/get-staff-advisory';
import { useSaveAdvisory } from '../api/save-advisory';
import { type AdvisoryFormValues, NEW_ADVISORY, toFormValues, toInput } from '../utils/advisory-form-values';
import { AffectedFields } from './affected-fields';
import { FixedVersionPicker } from './fixed-version-picker';
import { AcknowledgmentFields, ReferenceFields } from './reference-fields';
import { VulnerabilityFields } from './vulnerability-fields';

/** A pair of fields, Chinese and English, side by side where there is room. */
function Bilingual({
  name,
  max,
  rows,
  required,
}: {
  name: string;
  max: number;
  rows?: number;
  required?: boolean;
}) {
  const { t } = useTranslation('advisories');
  return (
    <Row gutter={12}>
      {(['Zh', 'En'] as const).map((language) => {
        const field = `${name}${language}`;
        const label = t(`form.${field}` as 'form.titleZh');
        return (
          <Col key={language} xs={24} md={12}>
            <Form.Item
              name={field}
              label={label}
              rules={
                required ? [requiredText(t(`form.required.${field}` as 'form.required.titleZh'))] : undefined
              }
            >
              {rows ? (
                <Input.TextArea rows={rows} maxLength={max} data-testid={`advisory-${field}`} />
              ) : (
                <Input maxLength={max} data-testid={`advisory-${field}`} />
              )}
            </Form.Item>
          </Col>
        );
      })}
    </Row>
  );
}

function AdvisoryForm({ detail, onClose }: { detail?: StaffAdvisoryDetail; onClose: () => void }) {
  const { t } = useTranslation('advisories');
  const screens = Grid.useBreakpoint();
  const [form] = Form.useForm<AdvisoryFormValues>();
  const { overlay, save } = useFormSave(form, useSaveAdvisory(), t('form.saved'), onClose);
  return (
    <FormDrawer
      {...overlay}
      size={screens.lg ? 960 : '100%'}
      title={detail ? t('form.editTitle', { id: detail.advisoryId }) : t('form.newTitle')}
      saveText={t('form.save')}
      saveTestId="advisory-save"
      destroyOnHidden
    >
      {detail?.rejectComment && (
        <Alert
          type="warning"
          showIcon
          title={t('staff.rejectedBecause', { comment: detail.rejectComment })}
          style={{ marginBottom: 16 }}
        />
      )}
      <Form<AdvisoryFormValues>
        form={form}
        layout="vertical"
        initialValues={detail ? toFormValues(detail.input) : NEW_ADVISORY}
        onFinish={(values) => save({ id: detail?.id, input: toInput(values) })}
        data-testid="advisory-form"
      >
        <Row gutter={12}>
          <Col xs={24} md={12}>
            <Form.Item name="tlp" label={t('form.tlp')}>
              <Select options={ADVISORY_TLPS.map((tlp) => ({ value: tlp, label: t(`tlp.${tlp}`) }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="publishAt" label={t('form.publishAt')} extra={t('form.publishAtHint')}>
              <DatePicker showTime style={{ width: '100%' }} data-testid="advisory-publish-at" />
            </Form.Item>
          </Col>
        </Row>
        <Bilingual name="title" max={ADVISORY_LIMITS.title} required />
        <Bilingual name="summary" max={ADVISORY_LIMITS.summary} rows={4} required />
        <Bilingual name="workarounds" max={ADVISORY_LIMITS.text} rows={3} />
        {detail && detail.revision > 0 && (
          <Form.Item
            name="revisionSummary"
            label={t('form.revisionSummary')}
            extra={t('form.revisionSummaryHint')}
            rules={[requiredText(t('form.required.revisionSummary'))]}
          >
            <Input.TextArea
              rows={2}
              maxLength={ADVISORY_LIMITS.revisionSummary}
              data-testid="advisory-revision-summary"
            />
          </Form.Item>
        )}
        <Divider titlePlacement="start">{t('form.vulnerabilities')}</Divider>
        <VulnerabilityFields />
        <Divider titlePlacement="start">{t('form.affected')}</Divider>
        <AffectedFields />
        <Divider titlePlacement="start">{t('form.fixedVersions')}</Divider>
        <Form.Item name="fixedVersionIds">
          <FixedVersionPicker saved={detail?.fixedVersions} />
        </Form.Item>
        <Divider titlePlacement="start">{t('form.references')}</Divider>
        <ReferenceFields />
        <Divider titlePlacement="start">{t('form.acknowledgments')}</Divider>
        <AcknowledgmentFields />
      </Form>
    </FormDrawer>
  );
}

/** Create an advisory (no id) or edit its working copy, loaded first. */
export function AdvisoryFormDrawer({ id, onClose }: { id?: number; onClose: () => void }) {
  const { t } = useTranslation('advisories');
  const detail = useStaffAdvisory(id);
  if (id === undefined) return <AdvisoryForm onClose={onClose} />;
  if (detail.data) return <AdvisoryForm detail={detail.data} onClose={onClose} />;
  return <FormDrawerLoading onClose={onClose} error={detail.error} title={t('form.editTitle', { id: '' })} />;
}

function FormDrawerLoading({
  onClose,
  error,
  title,
}: {
  onClose: () => void;
  error: Error | null;
  title: string;
}) {
  const [form] = Form.useForm();
  const { t } = useTranslation('advisories');
  return (
    <FormDrawer
      form={form}
      saveText={t('form.save')}
      saving={false}
      saveTestId="advisory-save"
      title={title}
      onClose={onClose}
    >
      {error ? <FailureAlert failure={failureOf(error)} /> : <Skeleton active />}
      <Form form={form} />
    </FormDrawer>
  );
}
