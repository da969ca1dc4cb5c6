import { Card } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { WrappingTabs } from '@/components/wrapping-tabs/wrapping-tabs';
import { SearchableVersionList } from '../components/searchable-version-list';
import { SectionReleaseNotes } from '../components/section-release-notes';
import type { VersionFilters } from '../components/version-table';
import { useTabParam } from '../hooks/use-tab-param';
import { useVersionDrawer } from '../hooks/use-version-drawer';

const TABS = ['platform', 'boot', 'cli', 'kits', 'ukits', 'plugins', 'tools', 'documents'] as const;
const PLATFORM_TABS = [
  'current',
  'history',
  'document',
  'releaseNote',
  'activate',
  'maintenance',
  'trial',
  'livecd',
] as const;
/** The platform subpages another feature (activation) provides; the app layer wires them in. */
export type PlatformLicenceTab = 'activate' | 'maintenance' | 'trial';
const LICENCE_TABS: readonly string[] = ['activate', 'maintenance', 'trial'] satisfies PlatformLicenceTab[];
const TOOL_TABS = ['current', 'history', 'document'] as const;

/** Each software list is the shared version table over one filter. */
const LISTS = {
  'platform.current': { kind: ['SOFTWARE'], section: 'platform', latest: true },
  'platform.history': { kind: ['SOFTWARE'], section: 'platform' },
  'platform.document': { kind: ['DOCUMENT'], section: 'platform' },
  'platform.livecd': { kind: ['LIVECD'] },
  boot: { kind: ['SOFTWARE'], section: 'boot' },
  cli: { kind: ['SOFTWARE'], section: 'cli' },
  kits: { kind: ['SOFTWARE'], section: 'kits' },
  ukits: { kind: ['SOFTWARE'], section: 'ukits' },
  plugins: { kind: ['PLUGIN'] },
  'tools.current': { kind: ['TOOL'], latest: true },
  'tools.history': { kind: ['TOOL'] },
  'tools.document': { kind: ['DOCUMENT'], section: 'tools' },
  documents: { kind: ['DOCUMENT'] },
} satisfies Record<string, VersionFilters>;
type ListName = keyof typeof LISTS;

/**
 * /tools/toolsdownload: the management platform and its subpages, Boot, CLI, Kits, uKits,
 * plugins, tools, documents. `renderLicenceTab` draws the activate, maintenance and trial
 * subpages (a feature never imports another, so the route passes them in).
 */
export function SoftwareDownloadPage({
  renderLicenceTab,
}: {
  renderLicenceTab?: (tab: PlatformLicenceTab) => ReactNode;
}) {
  const { t } = useTranslation('catalog');
  const [active, select] = useTabParam(TABS);
  const [platformTab, selectPlatformTab] = useTabParam(PLATFORM_TABS, 'sub');
  const [toolTab, selectToolTab] = useTabParam(TOOL_TABS, 'sub');
  const { open, drawer } = useVersionDrawer();

  const list = (name: ListName) => (
    <SearchableVersionList
      key={name}
      testId={`software-${name.replace('.', '-')}`}
      filters={LISTS[name]}
      columns={name === 'platform.livecd' ? ['platform'] : ['platform', 'downloads']}
      onOpen={open}
    />
  );
  const platformContent = (tab: (typeof PLATFORM_TABS)[number]): ReactNode => {
    if (tab === 'releaseNote') return <SectionReleaseNotes kind="SOFTWARE" section="platform" />;
    if (tab === 'activate' || tab === 'maintenance' || tab === 'trial')
      return renderLicenceTab?.(tab) ?? null;
    return list(`platform.${tab}`);
  };
  const platform = (
    <WrappingTabs
      size="small"
      activeKey={platformTab}
      onChange={(tab) => selectPlatformTab(tab as (typeof PLATFORM_TABS)[number])}
      items={PLATFORM_TABS.filter((tab) => renderLicenceTab || !LICENCE_TABS.includes(tab)).map((tab) => ({
        key: tab,
        label: t(`software.platform.${tab}`),
        children: platformContent(tab),
      }))}
    />
  );
  const tools = (
    <WrappingTabs
      size="small"
      activeKey={toolTab}
      onChange={(tab) => selectToolTab(tab as (typeof TOOL_TABS)[number])}
      items={TOOL_TABS.map((tab) => ({
        key: tab,
        label: t(`software.tools.${tab}`),
        children: list(`tools.${tab}`),
      }))}
    />
  );
  const content: Record<(typeof TABS)[number], ReactNode> = {
    platform,
    boot: list('boot'),
    cli: list('cli'),
    kits: list('kits'),
    ukits: list('ukits'),
    plugins: list('plugins'),
    tools,
    documents: list('documents'),
  };
  return (
    <Card data-testid="software-download" title={t('software.title')}>
      <WrappingTabs
        activeKey={active}
        onChange={(tab) => select(tab as (typeof TABS)[number])}
        items={TABS.map((tab) => ({ key: tab, label: t(`software.tabs.${tab}`), children: content[tab] }))}
        destroyOnHidden
      />
      {drawer}
    </Card>
  );
}
