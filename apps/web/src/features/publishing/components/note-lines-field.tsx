import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { requiredText } from '@/lib/form-rules';

const NOTE_KINDS = ['1', '2', '3'] as const;

/**
 * The structured release notes (NEW / OPTIMIZE / HOTFIX lines, spec section 7), each line in
 * both languages. Used for a version's notes and for the portal's own release notes.
 */
export function NoteLinesField({ name }: { name: string }) {
  const { t } = useTranslation('publishing');
  const required = requiredText(t('notes.line.required'));
  return (
    <Form.List name={name}>
      {(fields, { add, remove }) => (
        <div data-testid="note-lines">
          {fields.map((field) => (
            <Space key={field.key} align="start" wrap style={{ display: 'flex', marginBottom: 8 }}>
              <Form.Item name={[field.name, 'kind']} initialValue="1" noStyle>
                <Select
                  style={{ width: 130 }}
                  aria-label={t('notes.line.kind')}
                  options={NOTE_KINDS.map((kind) => ({ value: kind, label: t(`notes.kind.${kind}`) }))}
                />
              </Form.Item>
              <Form.Item name={[field.name, 'textZh']} rules={[required]} style={{ marginBottom: 0 }}>
                <Input placeholder={t('notes.line.textZh')} style={{ width: 260 }} maxLength={1000} />
              </Form.Item>
              <Form.Item name={[field.name, 'textEn']} rules={[required]} style={{ marginBottom: 0 }}>
                <Input placeholder={t('notes.line.textEn')} style={{ width: 260 }} maxLength={1000} />
              </Form.Item>
              <Button
                icon={<DeleteOutlined />}
                aria-label={t('notes.line.remove')}
                onClick={() => remove(field.name)}
              />
            </Space>
          ))}
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            onClick={() => add({ kind: '1' })}
            data-testid="note-line-add"
          >
            {t('notes.line.add')}
          </Button>
        </div>
      )}
    </Form.List>
  );
}
