import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { WrappingTabs } from '@/components/wrapping-tabs/wrapping-tabs';
import { ConfigSets } from '../components/config-sets';
import { FirmwareBrowser } from '../components/firmware-browser';
import { PcieLookup } from '../components/pcie-lookup';
import { useTabParam } from '../hooks/use-tab-param';
import { useVersionDrawer } from '../hooks/use-version-drawer';
import { BundleTaskForm, LivecdTaskForm } from '@/features/tasks';

const TABS = ['server', 'pcie', 'config', 'bundle', 'livecd'] as const;

/**
 * /mirror/custmirrordownload: server firmware by model and kind, PCIe lookup, configuration sets,
 * and the selective and custom downloads (firmware bundles by SN/PN, custom LiveCD) run as tasks.
 */
export function FirmwareDownloadPage() {
  const { t } = useTranslation('catalog');
  const [active, select] = useTabParam(TABS);
  const { open, drawer } = useVersionDrawer();
  const content = {
    server: <FirmwareBrowser onOpen={open} />,
    pcie: <PcieLookup onOpen={open} />,
    config: <ConfigSets onOpen={open} />,
    bundle: <BundleTaskForm />,
    livecd: <LivecdTaskForm />,
  };
  return (
    <Card data-testid="firmware-download" title={t('firmware.title')}>
      <WrappingTabs
        activeKey={active}
        onChange={(tab) => select(tab as (typeof TABS)[number])}
        items={TABS.map((tab) => ({ key: tab, label: t(`firmware.tabs.${tab}`), children: content[tab] }))}
      />
      {drawer}
    </Card>
  );
}
