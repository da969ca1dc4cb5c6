import type { AppEntry } from '@portal/contract';
import { PillList } from './panel';

interface AppPillsProps {
  apps: AppEntry[];
  /** Appended to the active application's name ("· current"). */
  activeLabel: string;
  emptyText: string;
  testId?: string;
}

/** The applications a user may switch to, the active one in the primary colour (both home pages). */
export function AppPills({ apps, activeLabel, emptyText, testId }: AppPillsProps) {
  const items = apps.map((app) => ({
    key: app.code,
    label: app.active ? `${app.name} · ${activeLabel}` : app.name,
    tone: app.active ? ('primary' as const) : ('default' as const),
  }));
  return <PillList items={items} emptyText={emptyText} testId={testId} />;
}
