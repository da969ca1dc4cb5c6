import { Button, Popconfirm, Space } from 'antd';
import type { ReactNode } from 'react';

interface RowActionProps {
  children: ReactNode;
  onClick: () => void;
  /** Asks this question first and acts only on yes (e.g. delete). */
  confirm?: string;
  danger?: boolean;
  disabled?: boolean;
  /** Why the action is disabled, as the button's tooltip. */
  hint?: string;
  testId?: string;
}

/** One link-style action in a table row, optionally behind a confirmation. */
export function RowAction({ children, onClick, confirm, danger, disabled, hint, testId }: RowActionProps) {
  const button = (
    <Button
      size="small"
      type="link"
      danger={danger}
      disabled={disabled}
      title={hint}
      onClick={confirm ? undefined : onClick}
      data-testid={testId}
    >
      {children}
    </Button>
  );
  if (!confirm) return button;
  return (
    <Popconfirm title={confirm} disabled={disabled} onConfirm={onClick}>
      {button}
    </Popconfirm>
  );
}

/**
 * The actions cell of a row: link buttons side by side, wrapping on narrow screens. A click on
 * them does not reach the row (rows may select on click).
 */
export function RowActions({ testId, children }: { testId?: string; children: ReactNode }) {
  return (
    <Space size={0} wrap data-testid={testId} onClick={(event) => event.stopPropagation()}>
      {children}
    </Space>
  );
}
