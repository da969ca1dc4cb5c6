import { Button, Flex } from 'antd';

export interface Choice<T extends string> {
  value: T;
  label: string;
  /** Stable hook for browser tests, independent of the UI language. */
  testId: string;
}

interface ChoiceButtonsProps<T extends string> {
  /** Names the group for assistive technology (the section title). */
  label: string;
  choices: Choice<T>[];
  value: T;
  onChange: (value: T) => void;
}

/** One-of-N choice shown as toggle buttons, for the drawer's menu style and navigation mode. */
export function ChoiceButtons<T extends string>({ label, choices, value, onChange }: ChoiceButtonsProps<T>) {
  return (
    <Flex gap="small" wrap role="group" aria-label={label}>
      {choices.map((choice) => (
        <Button
          key={choice.value}
          type={choice.value === value ? 'primary' : 'default'}
          aria-pressed={choice.value === value}
          data-testid={choice.testId}
          onClick={() => onChange(choice.value)}
        >
          {choice.label}
        </Button>
      ))}
    </Flex>
  );
}
