import { Form, Switch } from 'antd';
import type { ReactNode } from 'react';

interface SwitchFieldProps {
  name: string;
  label: string;
  /** A hint under the switch. */
  extra?: ReactNode;
  /** A hint behind the label's question mark. */
  tooltip?: string;
  testId?: string;
}

/** A yes/no field of a form as a switch: the form's value is the switch's `checked`, not `value`. */
export function SwitchField({ name, label, extra, tooltip, testId }: SwitchFieldProps) {
  return (
    <Form.Item name={name} label={label} extra={extra} tooltip={tooltip} valuePropName="checked">
      <Switch data-testid={testId} />
    </Form.Item>
  );
}
