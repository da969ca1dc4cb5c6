import { SettingOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SettingsDrawer } from './settings-drawer';

/** Header icon that opens the display settings drawer (it owns the drawer's open state). */
export function SettingsButton() {
  const { t } = useTranslation('settings');
  const [open, setOpen] = useState(false);
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
