import { type ComponentType, lazy } from 'react';
import { SettingsSection } from '@/components/settings-section';

/**
 * The automation sections of the account settings (issue 20). A new one is a key here, its
 * component, a menu in the server seed (and a migration for seeded databases) and a line in the
 * console's page registry.
 */
export const AUTOMATION_SECTIONS = ['apiTokens', 'feeds', 'webhooks'] as const;
export type AutomationSectionKey = (typeof AUTOMATION_SECTIONS)[number];

const components = () => import('./components/automation-sections');

// Their own chunk: the forms and tables are only downloaded when a section is opened.
const SECTIONS: Record<AutomationSectionKey, ComponentType> = {
  apiTokens: lazy(() => components().then((m) => ({ default: m.ApiTokensSection }))),
  feeds: lazy(() => components().then((m) => ({ default: m.FeedsSection }))),
  webhooks: lazy(() => components().then((m) => ({ default: m.WebhooksSection }))),
};

/** One automation section of the account settings, under the title the server menu gives it. */
export function AutomationSectionPage({ section, title }: { section: AutomationSectionKey; title: string }) {
  const Section = SECTIONS[section];
  return (
    <SettingsSection section={section} title={title}>
      <Section />
    </SettingsSection>
  );
}
