import { WEBHOOK_EVENTS, type WebhookEvent } from '@portal/contract';
import { Checkbox, Flex, Typography } from 'antd';
import type { CheckboxGroupProps } from 'antd/es/checkbox';
import { useTranslation } from 'react-i18next';

type WebhookEventsFieldProps = Omit<CheckboxGroupProps<WebhookEvent>, 'aria-required'> & {
  label: string;
  testId: string;
  'aria-required'?: unknown;
};

/**
 * One checkbox per event with when it is sent. A group may not carry aria-required (which the
 * form item adds to its control), so it is dropped: the label's mark and the message say it.
 */
export function WebhookEventsField({
  label,
  testId,
  'aria-required': _required,
  ...props
}: WebhookEventsFieldProps) {
  const { t } = useTranslation('automation');
  return (
    <Checkbox.Group<WebhookEvent>
      {...props}
      data-testid={testId}
      role="group"
      aria-label={label}
      style={{ width: '100%' }}
    >
      <Flex vertical gap="small">
        {WEBHOOK_EVENTS.map((event) => (
          <Checkbox key={event} value={event} data-testid={`${testId}-${event}`}>
            <Typography.Text strong>{t(`webhooks.event.${event}`)}</Typography.Text>
            <Typography.Text type="secondary">
              {' - '}
              {t(`webhooks.event.${event}.help`)}
            </Typography.Text>
          </Checkbox>
        ))}
      </Flex>
    </Checkbox.Group>
  );
}
