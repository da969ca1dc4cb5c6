import { SettingOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDisplaySettings } from './display-settings-context';
import { SettingsDrawer } from './settings-drawer';

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
      <SettingsDrawer open={open} onClose={() => setOpen(false)} />
    </>
  );
}
