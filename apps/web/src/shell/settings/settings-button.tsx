import { SettingOutlined } from '@ant-design/icons';
import { lazyWithAntd } from '@/app/lazy-element';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../icon-button';
import { OpenedOnce } from '../opened-once';
import { useDisplaySettings } from './display-settings-context';

/** The drawer's code (switches, segmented choices, colour swatches) loads when it first opens. */
const SettingsDrawer = lazyWithAntd(() => import('./settings-drawer').then((m) => m.SettingsDrawer));

/** Header icon that opens the display settings drawer (its open state lives in the provider). */
export function SettingsButton() {
  const { t } = useTranslation('settings');
  const { drawerOpen: open, setDrawerOpen: setOpen } = useDisplaySettings();
  return (
    <>
      <IconButton
        icon={<SettingOutlined />}
        label={t('drawer.open')}
        testId="settings-button"
        onClick={() => setOpen(true)}
      />
      <OpenedOnce open={open}>
        {(shown) => <SettingsDrawer open={shown} onClose={() => setOpen(false)} />}
      </OpenedOnce>
    </>
  );
}
