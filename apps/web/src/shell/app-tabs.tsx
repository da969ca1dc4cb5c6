import type { AppEntry } from '@portal/contract';
import { type KeyboardEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './app-tabs.module.css';

interface AppTabsProps {
  apps: readonly AppEntry[];
  activeCode: string | undefined;
  onSwitch: (code: string) => void;
  /** While a switch is under way the tabs stay put, so two requests cannot race. */
  switching: boolean;
}

const STEP: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/**
 * One header tab per application the user has (spec 2); choosing one switches the menus.
 * WAI-ARIA tabs with manual activation: the arrow keys, Home and End move the focus, Enter or
 * Space switches. Plain markup drawn like antd's small Tabs: it is part of the console home,
 * which must not wait for antd's code (issue 18).
 */
export function AppTabs({ apps, activeCode, onSwitch, switching }: AppTabsProps) {
  const { t } = useTranslation('shell');
  const listRef = useRef<HTMLDivElement>(null);
  if (apps.length === 0) return null;

  const moveFocus = (event: KeyboardEvent<HTMLButtonElement>) => {
    const tabs = [...(listRef.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]') ?? [])];
    const index = tabs.indexOf(event.currentTarget);
    const target =
      event.key === 'Home'
        ? tabs[0]
        : event.key === 'End'
          ? tabs.at(-1)
          : event.key in STEP
            ? tabs[(index + (STEP[event.key] ?? 0) + tabs.length) % tabs.length]
            : undefined;
    if (!target) return;
    event.preventDefault();
    target.focus();
  };

  return (
    <div
      ref={listRef}
      role="tablist"
      aria-label={t('apps.label')}
      data-testid="app-tabs"
      className={styles.tabs}
    >
      {apps.map((app) => {
        const active = app.code === activeCode;
        return (
          <button
            key={app.code}
            type="button"
            role="tab"
            aria-selected={active}
            tabIndex={active ? 0 : -1}
            disabled={switching && !active}
            className={active ? `${styles.tab} ${styles.active}` : styles.tab}
            data-testid={`app-tab-${app.code}`}
            onKeyDown={moveFocus}
            onClick={() => {
              if (!switching && !active) onSwitch(app.code);
            }}
          >
            {app.name}
          </button>
        );
      })}
    </div>
  );
}
