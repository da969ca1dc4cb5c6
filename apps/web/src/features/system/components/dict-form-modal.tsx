import type { DictTypeInput, DictTypeRow, DictValueRow } from '@portal/contract';
import { Form, Input, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-overlay/form-modal';
import { useSaveFeedback } from '@/components/form-overlay/use-save-feedback';
import { requiredText } from '@/lib/form-rules';
import { useSaveDictType, useSaveDictValue } from '../api/dicts';

/** What the modal edits: a type (new or existing) or a value (new under a type, or existing). */
export type DictEditing =
  | { kind: 'type'; type?: DictTypeRow }
  | { kind: 'value'; value: DictValueRow }
  | { kind: 'value'; typeId: number };

/** Create or edit a dictionary type or value: code, names in both languages, order. */
export function DictFormModal({ editing, onClose }: { editing: DictEditing; onClose: () => void }) {
  const { t } = useTranslation('system');
  const [form] = Form.useForm<DictTypeInput>();
  const saveType = useSaveDictType();
  const saveValue = useSaveDictValue();
  const existing = editing.kind === 'type' ? editing.type : 'value' in editing ? editing.value : undefined;
  const required = requiredText(t('admin.required'));
  const callbacks = useSaveFeedback(form, t('admin.saved'), onClose);
  const title = (() => {
    if (editing.kind === 'type')
      return existing ? t('dicts.editType', { code: existing.code }) : t('dicts.newType');
    return existing ? t('dicts.editValue', { code: existing.code }) : t('dicts.newValue');
  })();

  return (
    <FormModal
      title={title}
      form={form}
      saveText={t('admin.save')}
      saving={saveType.isPending || saveValue.isPending}
      saveTestId="dict-save"
      onClose={onClose}
    >
      <Form<DictTypeInput>
        form={form}
        layout="vertical"
        initialValues={existing ?? { sort: 100 }}
        onFinish={(input) => {
          if (editing.kind === 'type') saveType.mutate({ id: editing.type?.id, input }, callbacks);
          else if ('value' in editing)
            saveValue.mutate(
              { id: editing.value.id, input: { ...input, typeId: editing.value.typeId } },
              callbacks,
            );
          else saveValue.mutate({ input: { ...input, typeId: editing.typeId } }, callbacks);
        }}
      >
        <Form.Item name="code" label={t('dicts.code')} extra={t('roles.codeHint')} rules={[required]}>
          <Input maxLength={50} data-testid="dict-code" />
        </Form.Item>
        <Form.Item name="nameZh" label={t('dicts.nameZh')} rules={[required]}>
          <Input maxLength={100} data-testid="dict-name-zh" />
        </Form.Item>
        <Form.Item name="nameEn" label={t('dicts.nameEn')} rules={[required]}>
          <Input maxLength={100} data-testid="dict-name-en" />
        </Form.Item>
        <Form.Item name="sort" label={t('dicts.sort')}>
          <InputNumber min={0} max={100_000} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
