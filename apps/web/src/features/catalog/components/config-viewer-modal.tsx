import { Modal, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FailureAlert, failureOf } from '@/components/failure-alert';
import { useConfig } from '../api/get-config';
import { DownloadButton } from './download-button';

/** A BIOS/BMC configuration set as pretty-printed JSON, with its download. */
export function ConfigViewerModal({ versionId, onClose }: { versionId?: number; onClose: () => void }) {
  const { t } = useTranslation('catalog');
  const config = useConfig(versionId);
  return (
    <Modal
      open={versionId !== undefined}
      onCancel={onClose}
      width={800}
      title={config.data ? `${config.data.fileName}` : t('config.title')}
      footer={
        versionId !== undefined && <DownloadButton versionId={versionId} size="middle" type="primary" />
      }
      destroyOnHidden
    >
      {config.isPending && versionId !== undefined && <Skeleton active />}
      <FailureAlert failure={failureOf(config.error)} gap={0} />
      {config.data && (
        <Typography.Paragraph
          copyable={{
            text: JSON.stringify(config.data.config, null, 2),
            tooltips: [t('checksum.copy'), t('checksum.copied')],
          }}
        >
          <pre data-testid="config-json" style={{ maxHeight: '60vh', overflow: 'auto', margin: 0 }}>
            {JSON.stringify(config.data.config, null, 2)}
          </pre>
        </Typography.Paragraph>
      )}
    </Modal>
  );
}
