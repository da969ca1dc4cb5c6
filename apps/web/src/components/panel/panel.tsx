import type { ReactNode } from 'react';
import styles from './panel.module.css';

interface PanelProps {
  /** The heading; a panel without one shows its content only. */
  title?: string;
  /** What goes to the right of the heading (links, buttons). */
  extra?: ReactNode;
  testId?: string;
  children: ReactNode;
}

/**
 * antd's Card in plain markup, for the pages that show before antd has loaded (the console
 * home and the welcome page, issue 18): a white, rounded section with an optional heading.
 */
export function Panel({ title, extra, testId, children }: PanelProps) {
  return (
    <section className={styles.panel} data-testid={testId}>
      {title !== undefined && (
        <div className={styles.head}>
          <h4 className={styles.title}>{title}</h4>
          {extra}
        </div>
      )}
      <div className={styles.body}>{children}</div>
    </section>
  );
}

export type PillTone = 'default' | 'primary' | 'red' | 'orange';

/** antd's Tag in plain markup: a small label in one of antd's tag colours (texts at 4.5:1). */
export function Pill({ tone = 'default', children }: { tone?: PillTone; children: ReactNode }) {
  return <span className={`${styles.pill} ${styles[tone]}`}>{children}</span>;
}

export interface PillItem {
  key: string;
  label: string;
  tone?: PillTone;
}

/** A wrapping row of pills, or a centred grey line saying why there are none. */
export function PillList({
  items,
  emptyText,
  testId,
}: {
  items: PillItem[];
  emptyText: string;
  testId?: string;
}) {
  if (items.length === 0) return <EmptyText>{emptyText}</EmptyText>;
  return (
    <ul className={styles.pills} data-testid={testId}>
      {items.map((item) => (
        <li key={item.key}>
          <Pill tone={item.tone}>{item.label}</Pill>
        </li>
      ))}
    </ul>
  );
}

/** A panel's centred grey line saying why it has nothing to show; `alert` for a failure. */
export function EmptyText({ children, alert = false }: { children: ReactNode; alert?: boolean }) {
  return (
    <p className={styles.empty} role={alert ? 'alert' : undefined}>
      {children}
    </p>
  );
}

/** Plain text in the theme's secondary grey (antd's `Typography.Text type="secondary"`). */
export function SecondaryText({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <span className={styles.secondary} data-testid={testId}>
      {children}
    </span>
  );
}
