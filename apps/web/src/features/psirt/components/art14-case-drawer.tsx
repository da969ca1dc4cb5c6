import { ART14_KINDS, type Art14Case, type Art14CaseInput, PSIRT_LIMITS } from '@portal/contract';
import { DatePicker, Form, Input, Radio, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FormDrawer } from '@/components/form-overlay/form-drawer';
import { useFormSave } from '@/components/form-overlay/use-form-save';
import { useArt14Candidates } from '../api/get-art14-cases';
import { useSaveArt14Case } from '../api/save-art14-case';
import { memberStateOptions } from '../utils/member-states';

type Values = Omit<Art14CaseInput, 'awareAt' | 'suspectedMalicious'> & {
  advisoryPk?: number;
  awareAt: Dayjs;
  suspectedMalicious: 'unknown' | 'yes' | 'no';
};

const maliciousOf = (value: boolean | null): Values['suspectedMalicious'] =>
  value === null ? 'unknown' : value ? 'yes' : 'no';

/** Opens a case on an advisory, or corrects one (`editing`): kind, awareness time, what the reports say. */
export function Art14CaseDrawer({ editing, onClose }: { editing?: Art14Case; onClose: () => void }) {
  const { t, i18n } = useTranslation('psirt');
  const [form] = Form.useForm<Values>();
  const candidates = useArt14Candidates(!editing);
  const { overlay, save } = useFormSave(form, useSaveArt14Case(), t('art14.saved'), onClose);
  const english = i18n.resolvedLanguage === 'en-US';
  const initial: Partial<Values> = editing
    ? {
        kind: editing.kind,
        awareAt: dayjs(editing.awareAt),
        exploitNature: editing.exploitNature,
        correctiveMeasures: editing.correctiveMeasures,
        memberStates: editing.memberStates,
        suspectedMalicious: maliciousOf(editing.suspectedMalicious),
      }
    : { kind: 'exploitedVulnerability', memberStates: [], suspectedMalicious: 'unknown' };
  const submit = ({ advisoryPk, awareAt, suspectedMalicious, ...rest }: Values) =>
    save({
      id: editing?.id,
      advisoryPk,
      input: {
        ...rest,
        awareAt: awareAt.toISOString(),
        suspectedMalicious: suspectedMalicious === 'unknown' ? null : suspectedMalicious === 'yes',
      },
    });
  return (
    <FormDrawer
      {...overlay}
      title={editing ? t('art14.form.titleEdit', { id: editing.advisoryId }) : t('art14.form.titleNew')}
      saveText={t('art14.form.save')}
      saveTestId="art14-case-save"
    >
      <Form form={form} layout="vertical" initialValues={initial} onFinish={submit}>
        {!editing && (
          <Form.Item
            name="advisoryPk"
            label={t('art14.form.advisory')}
            rules={[{ required: true, message: t('art14.form.advisoryRequired') }]}
          >
            <Select
              showSearch
              optionFilterProp="label"
              loading={candidates.isPending}
              data-testid="art14-advisory"
              options={(candidates.data ?? []).map((row) => ({
                value: row.advisoryPk,
                label: `${row.advisoryId} ${english ? row.titleEn : row.titleZh}`,
              }))}
            />
          </Form.Item>
        )}
        <Form.Item name="kind" label={t('art14.form.kind')}>
          <Radio.Group
            options={ART14_KINDS.map((kind) => ({ value: kind, label: t(`art14.kind.${kind}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="awareAt"
          label={t('art14.form.awareAt')}
          rules={[{ required: true, message: t('art14.form.awareAtRequired') }]}
        >
          <DatePicker
            showTime
            disabledDate={(day) => day.isAfter(dayjs(), 'day')}
            data-testid="art14-aware-at"
          />
        </Form.Item>
        <Form.Item name="exploitNature" label={t('art14.form.exploitNature')}>
          <Input.TextArea rows={3} maxLength={PSIRT_LIMITS.exploitNature} />
        </Form.Item>
        <Form.Item
          name="correctiveMeasures"
          label={t('art14.form.correctiveMeasures')}
          extra={t('art14.form.correctiveHint')}
        >
          <Input.TextArea rows={3} maxLength={PSIRT_LIMITS.correctiveMeasures} />
        </Form.Item>
        <Form.Item name="memberStates" label={t('art14.form.memberStates')}>
          <Select
            mode="multiple"
            optionFilterProp="label"
            options={memberStateOptions(i18n.resolvedLanguage)}
          />
        </Form.Item>
        <Form.Item name="suspectedMalicious" label={t('art14.form.suspectedMalicious')}>
          <Radio.Group
            options={(['unknown', 'yes', 'no'] as const).map((value) => ({
              value,
              label: t(`art14.form.${value}`),
            }))}
          />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
}
