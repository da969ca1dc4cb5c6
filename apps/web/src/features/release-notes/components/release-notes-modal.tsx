import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { ReleaseNotesList } from './release-notes-list';

interface ReleaseNotesModalProps {
  open: boolean;
  onClose: () => void;
}

/** The portal's version history (spec 2: dialog titled mirror.versionInfo, 5 versions a page). */
export function ReleaseNotesModal({ open, onClose }: ReleaseNotesModalProps) {
  const { t } = useTranslation('notices');
  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={t('mirror.versionInfo')}
      footer={null}
      width={640}
      // Unmounting the list on close makes each opening start at page 1 and retry a failed load.
      destroyOnHidden
    >
      <div data-testid="release-notes-modal">
        <ReleaseNotesList />
      </div>
    </Modal>
  );
}
