import { SwapOutlined } from '@ant-design/icons';
import type { AppEntry } from '@portal/contract';
import { Button, List, Modal, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

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
      <Tooltip title={t('apps.switch')}>
        <Button
          type="text"
          icon={<SwapOutlined />}
          aria-label={t('apps.switch')}
          data-testid="app-switch-button"
          loading={switching}
          onClick={() => setOpen(true)}
        />
      </Tooltip>
      <Modal open={open} title={t('apps.dialog.title')} footer={null} onCancel={() => setOpen(false)}>
        <List
          data-testid="app-switch-dialog"
          dataSource={[...apps]}
          renderItem={(app) => (
            <List.Item
              actions={app.code === activeCode ? [<Tag key="current">{t('apps.dialog.current')}</Tag>] : []}
            >
              <Button
                type={app.code === activeCode ? 'primary' : 'default'}
                data-testid={`app-switch-option-${app.code}`}
                onClick={() => choose(app.code)}
              >
                {app.name}
              </Button>
            </List.Item>
          )}
        />
      </Modal>
    </>
  );
}
