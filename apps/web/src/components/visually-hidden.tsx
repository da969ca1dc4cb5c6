import type { ComponentProps } from 'react';
import styles from './visually-hidden.module.css';

/** Text for screen readers only, e.g. the full name of something shown cut or as an icon. */
export function VisuallyHidden({ className, ...props }: ComponentProps<'span'>) {
  return (
    <span
      {...props}
      className={className ? `${styles.visuallyHidden} ${className}` : styles.visuallyHidden}
    />
  );
}
