import { Card, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DownloadRecordsTable } from './components/download-records-table';
import { LoginRecordsTable } from './components/login-records-table';
import { TasksTable } from '@/features/tasks';

const TABS = ['downloads', 'logins', 'tasks'] as const;
type CenterTab = (typeof TABS)[number];
const isCenterTab = (value: string | null): value is CenterTab => TABS.some((tab) => tab === value);

/**
 * /account/center (spec 2): download records, login records and tasks. The open tab lives in
 * `?tab=` so links such as "check it later under Personal center > Tasks" can point at it.
 */
export function AccountCenterPage() {
  const { t } = useTranslation('pages');
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const active: CenterTab = isCenterTab(requested) ? requested : 'downloads';
  const content: Record<CenterTab, ReactNode> = {
    downloads: <DownloadRecordsTable />,
    logins: <LoginRecordsTable />,
    tasks: <TasksTable />,
  };

  return (
    <Card data-testid="account-center">
      <Tabs
        activeKey={active}
        onChange={(tab) => setSearchParams({ tab }, { replace: true })}
        items={TABS.map((tab) => ({
          key: tab,
          label: t(`account.center.tabs.${tab}`),
          children: content[tab],
        }))}
      />
    </Card>
  );
}
