import { CopyOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DisplaySettings } from './display-settings';
import { useDisplaySettings } from './display-settings-context';

/** The settings as code: the same JSON shape that storage and `parseDisplaySettings` accept. */
export const settingsAsCode = (settings: DisplaySettings) => JSON.stringify(settings, null, 2);

/** Copies the current settings to the clipboard and says whether that worked. */
export function CopySettingsButton() {
  const { t } = useTranslation('settings');
  const { message } = App.useApp();
  const { settings } = useDisplaySettings();

  const copy = async () => {
    try {
      // `navigator.clipboard` is missing outside secure contexts; that lands in the catch too.
      await navigator.clipboard.writeText(settingsAsCode(settings));
      void message.success(t('copy.success'));
    } catch {
      void message.error(t('copy.failure'));
    }
  };

  return (
    <Button block icon={<CopyOutlined />} data-testid="setting-copy" onClick={() => void copy()}>
      {t('copy.button')}
    </Button>
  );
}
