import { SettingOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { OpenedOnce } from '../opened-once';
import { useDisplaySettings } from './display-settings-context';

/** The drawer's code (switches, segmented choices, colour swatches) loads when it first opens. */
const SettingsDrawer = lazy(() => import('./settings-drawer').then((m) => ({ default: m.SettingsDrawer })));

/** Header icon that opens the display settings drawer (its open state lives in the provider). */
export function SettingsButton() {
  const { t } = useTranslation('settings');
  const { drawerOpen: open, setDrawerOpen: setOpen } = useDisplaySettings();
  return (
    <>
      <Button
        type="text"
        icon={<SettingOutlined />}
        aria-label={t('drawer.open')}
        data-testid="settings-button"
        onClick={() => setOpen(true)}
      />
      <OpenedOnce open={open}>
        {(shown) => <SettingsDrawer open={shown} onClose={() => setOpen(false)} />}
      </OpenedOnce>
    </>
  );
}
