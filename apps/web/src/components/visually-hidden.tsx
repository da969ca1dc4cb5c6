import type { ReactNode } from 'react';
import styles from './visually-hidden.module.css';

/** Text for screen readers only, e.g. the full name of something shown cut or as an icon. */
export function VisuallyHidden({ children }: { children: ReactNode }) {
  return <span className={styles.visuallyHidden}>{children}</span>;
}
