import { DownloadOutlined } from '@ant-design/icons';
import { App, Button, type ButtonProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { startDownload } from '../utils/start-download';

type DownloadButtonProps = {
  versionId: number;
  size?: ButtonProps['size'];
  type?: ButtonProps['type'];
};

/** Starts the download of one version; a refusal shows the server's reason. */
export function DownloadButton({ versionId, size = 'small', type }: DownloadButtonProps) {
  const { t } = useTranslation('catalog');
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await startDownload(versionId);
    } catch (error) {
      void message.error(error instanceof Error ? error.message : t('download.failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size={size}
      type={type}
      icon={<DownloadOutlined />}
      loading={busy}
      onClick={() => void download()}
      data-testid={`download-${versionId}`}
    >
      {t('download.action')}
    </Button>
  );
}
