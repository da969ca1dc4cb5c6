import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  INVENTORY_KINDS,
  ITEM_CODE_PATTERN,
  PUBLISH_GRANT_TYPES,
  PUBLISH_ITEM_KINDS,
  PUBLISH_VISIBILITIES,
  type PublishItem,
  type PublishItemInput,
  UPDATE_PLAN_LIMITS,
} from '@portal/contract';
import { App, Button, Form, Input, InputNumber, Select, Space } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSavePublishItem } from '../api/save-publish-item';
import { FormDrawer } from '@/components/form-overlay/form-drawer';
import { requiredText } from '@/lib/form-rules';
import { showFailure } from '@/lib/show-failure';

type Props = {
  open: boolean;
  /** The item to edit; undefined creates a new one. */
  item?: PublishItem;
  onClose: () => void;
};

const EMPTY: PublishItemInput = {
  code: '',
  kind: 'BIOS',
  section: '',
  nameZh: '',
  nameEn: '',
  descriptionZh: '',
  descriptionEn: '',
  visibility: 'signed_in',
  sort: 100,
  grants: [],
  softwareIds: [],
};

/** Create or edit a catalogue item: names in both languages, who may see it (grants when restricted). */
export function ItemFormDrawer({ open, item, onClose }: Props) {
  const { t } = useTranslation('publishing');
  const { message } = App.useApp();
  const [form] = Form.useForm<PublishItemInput>();
  const visibility = Form.useWatch('visibility', form);
  const kind = Form.useWatch('kind', form);
  const save = useSavePublishItem({
    onSuccess: (saved) => {
      void message.success(t('item.saved', { code: saved.code }));
      onClose();
    },
    onError: (error) => showFailure(error, message, form),
  });

  useEffect(() => {
    if (open) form.setFieldsValue(item ? { ...item, kind: item.kind as PublishItemInput['kind'] } : EMPTY);
  }, [open, item, form]);

  return (
    <FormDrawer
      open={open}
      size={560}
      title={item ? t('item.editTitle', { code: item.code }) : t('item.newTitle')}
      destroyOnHidden
      form={form}
      saveText={t('action.save')}
      saving={save.isPending}
      saveTestId="item-save"
      onClose={onClose}
    >
      <Form<PublishItemInput>
        form={form}
        layout="vertical"
        onFinish={(input) => save.mutate({ id: item?.id, input })}
        data-testid="item-form"
      >
        <Form.Item
          name="code"
          label={t('item.code')}
          extra={t('item.codeHint')}
          rules={[
            requiredText(t('item.codeRequired')),
            { pattern: ITEM_CODE_PATTERN, message: t('item.codeHint') },
          ]}
        >
          <Input disabled={item !== undefined} data-testid="item-code" />
        </Form.Item>
        <Space wrap>
          <Form.Item name="kind" label={t('item.kind')} rules={[{ required: true }]}>
            <Select
              style={{ width: 180 }}
              data-testid="item-kind"
              options={PUBLISH_ITEM_KINDS.map((kind) => ({ value: kind, label: t(`kind.${kind}`) }))}
            />
          </Form.Item>
          <Form.Item name="section" label={t('item.section')}>
            <Input style={{ width: 160 }} maxLength={32} />
          </Form.Item>
          <Form.Item name="sort" label={t('item.sort')}>
            <InputNumber min={0} max={100_000} />
          </Form.Item>
        </Space>
        <Form.Item name="nameZh" label={t('item.nameZh')} rules={[requiredText(t('item.nameRequired'))]}>
          <Input maxLength={200} data-testid="item-name-zh" />
        </Form.Item>
        <Form.Item name="nameEn" label={t('item.nameEn')} rules={[requiredText(t('item.nameRequired'))]}>
          <Input maxLength={200} data-testid="item-name-en" />
        </Form.Item>
        <Form.Item name="descriptionZh" label={t('item.descriptionZh')}>
          <Input.TextArea rows={2} maxLength={4000} />
        </Form.Item>
        <Form.Item name="descriptionEn" label={t('item.descriptionEn')}>
          <Input.TextArea rows={2} maxLength={4000} />
        </Form.Item>
        {(INVENTORY_KINDS as readonly string[]).includes(kind ?? '') && (
          <Form.Item
            name="softwareIds"
            label={t('item.softwareIds')}
            extra={t('item.softwareIdsHint', { max: UPDATE_PLAN_LIMITS.softwareIds })}
            rules={[
              {
                validator: async (_, value: unknown) => {
                  const ids = Array.isArray(value) ? (value as string[]) : [];
                  if (ids.length > UPDATE_PLAN_LIMITS.softwareIds)
                    throw new Error(t('item.softwareIdsTooMany', { max: UPDATE_PLAN_LIMITS.softwareIds }));
                  if (ids.some((id) => !/^[\x20-\x7e]{1,128}$/.test(id.trim())))
                    throw new Error(t('item.softwareIdInvalid'));
                },
              },
            ]}
          >
            <Select mode="tags" tokenSeparators={[',']} open={false} data-testid="item-software-ids" />
          </Form.Item>
        )}
        <Form.Item name="visibility" label={t('item.visibility')} rules={[{ required: true }]}>
          <Select
            data-testid="item-visibility"
            options={PUBLISH_VISIBILITIES.map((value) => ({ value, label: t(`visibility.${value}`) }))}
          />
        </Form.Item>
        {visibility === 'restricted' && (
          <Form.List name="grants">
            {(fields, { add, remove }) => (
              <Form.Item label={t('item.grants')} extra={t('item.grantsHint')}>
                {fields.map((field) => (
                  <Space key={field.key} align="start" style={{ display: 'flex', marginBottom: 8 }}>
                    <Form.Item name={[field.name, 'grantType']} initialValue="customer" noStyle>
                      <Select
                        style={{ width: 130 }}
                        options={PUBLISH_GRANT_TYPES.map((value) => ({ value, label: t(`grant.${value}`) }))}
                      />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'value']}
                      rules={[requiredText(t('item.grantRequired'))]}
                      style={{ marginBottom: 0 }}
                    >
                      <Input style={{ width: 260 }} maxLength={128} />
                    </Form.Item>
                    <Button
                      icon={<DeleteOutlined />}
                      aria-label={t('action.remove')}
                      onClick={() => remove(field.name)}
                    />
                  </Space>
                ))}
                <Button
                  type="dashed"
                  icon={<PlusOutlined />}
                  onClick={() => add({ grantType: 'customer', value: '' })}
                >
                  {t('item.addGrant')}
                </Button>
              </Form.Item>
            )}
          </Form.List>
        )}
      </Form>
    </FormDrawer>
  );
}
