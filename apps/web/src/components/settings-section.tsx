import { Spin, Typography } from 'antd';
import { type ReactNode, Suspense } from 'react';

/**
 * The frame of one account settings section (the server menu gives its title): the account
 * feature's sections and the automation ones (API tokens, feeds, webhooks) look alike.
 */
export function SettingsSection({
  section,
  title,
  children,
}: {
  section: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <div data-testid={`settings-section-${section}`}>
      <Typography.Title level={4}>{title}</Typography.Title>
      <Suspense fallback={<Spin />}>{children}</Suspense>
    </div>
  );
}
