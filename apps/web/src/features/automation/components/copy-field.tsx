import { Button, Flex, Input, Typography } from 'antd';
import { type ReactNode, useId } from 'react';
import { useCopy } from '../hooks/use-copy';

interface CopyFieldProps {
  label: string;
  value: string;
  /** The copy button's text, which also names it ("Copy secret"). */
  copyText: string;
  testId: string;
  /** More buttons after the copy button (e.g. "Open feed"). */
  extra?: ReactNode;
}

/**
 * A labelled read-only value (a URL, a secret) with a copy button: selected whole on focus, in a
 * monospace font so look-alike characters can be told apart.
 */
export function CopyField({ label, value, copyText, testId, extra }: CopyFieldProps) {
  const fieldId = useId();
  const copy = useCopy();
  return (
    <div>
      <label htmlFor={fieldId}>
        <Typography.Text strong>{label}</Typography.Text>
      </label>
      {/* The buttons go under the value when both do not fit side by side (a phone). */}
      <Flex gap="small" wrap style={{ marginTop: 4 }}>
        <Input
          id={fieldId}
          readOnly
          value={value}
          data-testid={testId}
          onFocus={(event) => event.target.select()}
          style={{ flex: '1 1 320px', minWidth: 0, fontFamily: 'monospace' }}
        />
        <Flex gap="small">
          <Button type="primary" onClick={() => void copy(value)} data-testid={`${testId}-copy`}>
            {copyText}
          </Button>
          {extra}
        </Flex>
      </Flex>
    </div>
  );
}
