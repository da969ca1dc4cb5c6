import { Switch, Tooltip } from 'antd';
import { type ReactNode, useId } from 'react';
import styles from './settings-drawer.module.css';

interface SettingRowProps {
  label: string;
  /** When set, the control is disabled and this text explains why (shown as a tooltip). */
  disabledReason?: string;
  /** The control; it receives the row's label id and the disabled state from the caller. */
  children: (labelId: string, disabled: boolean) => ReactNode;
}

/** A labelled line of the drawer whose control explains itself when disabled. */
export function SettingRow({ label, disabledReason, children }: SettingRowProps) {
  const labelId = useId();
  return (
    <div className={styles.row}>
      <span id={labelId}>{label}</span>
      {/* The span catches the hover: disabled form controls fire no mouse events in some browsers. */}
      <Tooltip title={disabledReason}>
        <span>{children(labelId, disabledReason !== undefined)}</span>
      </Tooltip>
    </div>
  );
}

interface SettingSwitchRowProps {
  label: string;
  testId: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabledReason?: string;
}

export function SettingSwitchRow({
  label,
  testId,
  checked,
  onChange,
  disabledReason,
}: SettingSwitchRowProps) {
  return (
    <SettingRow label={label} disabledReason={disabledReason}>
      {(labelId, disabled) => (
        <Switch
          size="small"
          aria-labelledby={labelId}
          data-testid={testId}
          checked={checked}
          disabled={disabled}
          onChange={onChange}
        />
      )}
    </SettingRow>
  );
}
