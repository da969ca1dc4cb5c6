import { Button, Tooltip } from 'antd';
import type { ReactNode } from 'react';

interface HeaderIconButtonProps {
  /** Shown in the tooltip and read by screen readers: one name for both (WCAG 2.5.3). */
  label: string;
  icon: ReactNode;
  testId: string;
  loading?: boolean;
  onClick: () => void;
}

/** An icon-only button of the header, named by its tooltip. */
export function HeaderIconButton({ label, icon, testId, loading, onClick }: HeaderIconButtonProps) {
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        icon={icon}
        aria-label={label}
        data-testid={testId}
        loading={loading}
        onClick={onClick}
      />
    </Tooltip>
  );
}
