import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { installOrderOf, isPrerequisiteComponent, UPDATE_PLAN_LIMITS } from '@portal/contract';
import { AutoComplete, Button, Form, Input, InputNumber, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { SwitchField } from '@/components/switch-field';
import { requiredText } from '@/lib/form-rules';

/** Kinds a prerequisite names most often, in the default install order. */
const PREREQUISITE_KINDS = ['BMC', 'BIOS', 'CPLD', 'RAID', 'NIC', 'DISK', 'PSU'] as const;

/**
 * What installing a version needs (issue 34 §2): a reboot, prerequisites ("BMC ≥ 4.0 before this
 * BIOS", at most 8, a component kind or PCIE:<PN>) and its place in a bundle's install order.
 * Fields of the upload form and of the update-plan dialog; the server checks them again.
 */
export function UpdatePlanFields({ kind }: { kind: string }) {
  const { t } = useTranslation('publishing');
  const defaultOrder = installOrderOf(kind, null);
  return (
    <>
      <Space wrap>
        <SwitchField
          name="rebootRequired"
          label={t('plan.reboot')}
          tooltip={t('plan.rebootHint')}
          testId="plan-reboot"
        />
        <Form.Item
          name="installOrder"
          label={t('plan.installOrder')}
          extra={t('plan.installOrderHint', { order: defaultOrder })}
        >
          <InputNumber
            min={1}
            max={UPDATE_PLAN_LIMITS.installOrder}
            precision={0}
            placeholder={String(defaultOrder)}
            data-testid="plan-install-order"
          />
        </Form.Item>
      </Space>
      <Form.List name="prerequisites">
        {(fields, { add, remove }) => (
          <Form.Item label={t('plan.prerequisites')} extra={t('plan.prerequisitesHint')}>
            <div data-testid="plan-prerequisites">
              {fields.map((field) => (
                <Space key={field.key} align="start" wrap style={{ display: 'flex', marginBottom: 8 }}>
                  <Form.Item
                    name={[field.name, 'component']}
                    style={{ marginBottom: 0 }}
                    rules={[
                      {
                        validator: async (_, value: unknown) => {
                          if (
                            !isPrerequisiteComponent(
                              String(value ?? '')
                                .trim()
                                .toUpperCase(),
                            )
                          )
                            throw new Error(t('plan.componentInvalid'));
                        },
                      },
                    ]}
                  >
                    <AutoComplete
                      style={{ width: 220 }}
                      aria-label={t('plan.component')}
                      placeholder={t('plan.componentPlaceholder')}
                      options={PREREQUISITE_KINDS.map((value) => ({
                        value,
                        label: `${value} · ${t(`kind.${value}`)}`,
                      }))}
                    />
                  </Form.Item>
                  <span style={{ lineHeight: '32px' }}>{t('plan.atLeast')}</span>
                  <Form.Item
                    name={[field.name, 'minVersion']}
                    style={{ marginBottom: 0 }}
                    rules={[requiredText(t('plan.minVersionRequired'))]}
                  >
                    <Input
                      style={{ width: 160 }}
                      maxLength={UPDATE_PLAN_LIMITS.minVersion}
                      aria-label={t('plan.minVersion')}
                      placeholder={t('plan.minVersion')}
                    />
                  </Form.Item>
                  <Button
                    icon={<DeleteOutlined />}
                    aria-label={t('plan.removePrerequisite')}
                    onClick={() => remove(field.name)}
                  />
                </Space>
              ))}
              {fields.length < UPDATE_PLAN_LIMITS.prerequisites && (
                <Button
                  type="dashed"
                  icon={<PlusOutlined />}
                  onClick={() => add({ component: 'BMC', minVersion: '' })}
                  data-testid="plan-prerequisite-add"
                >
                  {t('plan.addPrerequisite')}
                </Button>
              )}
            </div>
          </Form.Item>
        )}
      </Form.List>
    </>
  );
}
