import type { AppEntry } from '@portal/contract';
import { Button, List, Modal, Tag } from 'antd';
import { useTranslation } from 'react-i18next';

interface AppSwitchModalProps {
  open: boolean;
  apps: readonly AppEntry[];
  activeCode: string | undefined;
  onChoose: (code: string) => void;
  onClose: () => void;
}

/** The list of the user's applications behind the header's switch button (shell/app-switch-dialog.tsx). */
export function AppSwitchModal({ open, apps, activeCode, onChoose, onClose }: AppSwitchModalProps) {
  const { t } = useTranslation('shell');
  return (
    <Modal open={open} title={t('apps.dialog.title')} footer={null} onCancel={onClose}>
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
              onClick={() => onChoose(app.code)}
            >
              {app.name}
            </Button>
          </List.Item>
        )}
      />
    </Modal>
  );
}
