import type { ButtonHTMLAttributes, ReactNode } from 'react';
import styles from './icon-button.module.css';

interface IconButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  icon: ReactNode;
  /** The name screen readers read and the tooltip shows (one name for both, WCAG 2.5.3). */
  label: string;
  testId?: string;
  /** Busy: the button is disabled and says so (aria-busy). */
  loading?: boolean;
}

/**
 * An icon-only button of the console frame, drawn like antd's text button without antd, so the
 * header is usable before antd's code arrives. The browser's own tooltip shows the name.
 */
export function IconButton({ icon, label, testId, loading = false, disabled, ...rest }: IconButtonProps) {
  return (
    <button
      type="button"
      className={styles.button}
      aria-label={label}
      title={label}
      data-testid={testId}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {icon}
    </button>
  );
}
