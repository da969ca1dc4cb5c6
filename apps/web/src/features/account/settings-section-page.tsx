import { type ComponentType, lazy } from 'react';
import { SettingsSection } from '@/components/settings-section';

export const SETTINGS_SECTIONS = ['base', 'security', 'custom', 'binding', 'notification'] as const;
export type SettingsSectionKey = (typeof SETTINGS_SECTIONS)[number];

const components = () => import('./components/settings-sections');

// Their own chunk: the forms and tables are only downloaded when a section is opened.
const SECTIONS: Record<SettingsSectionKey, ComponentType> = {
  base: lazy(() => components().then((m) => ({ default: m.BaseSettings }))),
  security: lazy(() => components().then((m) => ({ default: m.SecuritySettings }))),
  custom: lazy(() => components().then((m) => ({ default: m.CustomSettings }))),
  binding: lazy(() => components().then((m) => ({ default: m.BindingSettings }))),
  notification: lazy(() => components().then((m) => ({ default: m.NotificationSwitches }))),
};

/** One section of the account settings, under the title the server menu gives it. */
export function SettingsSectionPage({ section, title }: { section: SettingsSectionKey; title: string }) {
  const Section = SECTIONS[section];
  return (
    <SettingsSection section={section} title={title}>
      <Section />
    </SettingsSection>
  );
}
