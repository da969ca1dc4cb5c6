import { sha256SumsPathOf } from '@portal/contract';
import { App, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { startLinkDownload, versionLink } from '../utils/start-download';

type ChecksumListLinkProps = {
  versionId: number;
  /** The detached signature (`SHA256SUMS.sig`) instead of the list. */
  signature?: boolean;
  testId?: string;
  children: ReactNode;
};

/**
 * Downloads a version's signed checksum list. A link, but its address is made on click: a
 * signed-in reader's download ticket lives for minutes, so it cannot sit in the page's HTML.
 */
export function ChecksumListLink({ versionId, signature = false, testId, children }: ChecksumListLinkProps) {
  const { t } = useTranslation('catalog');
  const { message } = App.useApp();
  const path = `${sha256SumsPathOf(versionId)}${signature ? '.sig' : ''}`;
  const download = () =>
    versionLink(versionId, path)
      .then(startLinkDownload)
      .catch(
        (error: unknown) => void message.error(error instanceof Error ? error.message : t('download.failed')),
      );
  return (
    <Typography.Link
      href={path}
      onClick={(event) => {
        event.preventDefault();
        void download();
      }}
      data-testid={testId}
    >
      {children}
    </Typography.Link>
  );
}
