import { SwapOutlined } from '@ant-design/icons';
import type { AppEntry } from '@portal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyWithAntd } from '@/app/lazy-element';
import { IconButton } from './icon-button';
import { OpenedOnce } from './opened-once';

/**
 * The dialog's code (modal, list) loads when it is first opened: loaded earlier, even when the
 * browser is idle, it kept the console home's main thread busy (Lighthouse's blocking time).
 */
const AppSwitchModal = lazyWithAntd(() => import('./app-switch-modal').then((m) => m.AppSwitchModal));

interface AppSwitchDialogProps {
  apps: readonly AppEntry[];
  activeCode: string | undefined;
  onSwitch: (code: string) => void;
  switching: boolean;
}

/**
 * The application-switch dialog (spec 2): a header button opening a list of the user's
 * applications. It is the way to switch on phones, where the header has no room for tabs.
 */
export function AppSwitchDialog({ apps, activeCode, onSwitch, switching }: AppSwitchDialogProps) {
  const { t } = useTranslation('shell');
  const [open, setOpen] = useState(false);
  const choose = (code: string) => {
    setOpen(false);
    if (code !== activeCode) onSwitch(code);
  };
  return (
    <>
      <IconButton
        label={t('apps.switch')}
        icon={<SwapOutlined />}
        testId="app-switch-button"
        loading={switching}
        onClick={() => setOpen(true)}
      />
      <OpenedOnce open={open}>
        {(shown) => (
          <AppSwitchModal
            open={shown}
            apps={apps}
            activeCode={activeCode}
            onChoose={choose}
            onClose={() => setOpen(false)}
          />
        )}
      </OpenedOnce>
    </>
  );
}
