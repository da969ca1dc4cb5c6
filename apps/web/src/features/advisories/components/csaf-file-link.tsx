import type { AdvisoryTlp } from '@portal/contract';
import { App, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { csafFileUrl } from '../utils/csaf-file-link';

interface Props {
  advisoryId: string;
  tlp: AdvisoryTlp;
  path: string;
  testId?: string;
  children: ReactNode;
}

/**
 * A link to one CSAF file of the advisory. Its address is the plain path (what a program or a
 * new tab would ask for); a click makes the real one, with a ticket when the label needs a reader.
 */
export function CsafFileLink({ advisoryId, tlp, path, testId, children }: Props) {
  const { t } = useTranslation('advisories');
  const { message } = App.useApp();
  return (
    <Typography.Link
      href={path}
      data-testid={testId}
      onClick={(event) => {
        if (tlp === 'WHITE') return;
        event.preventDefault();
        csafFileUrl(advisoryId, path, tlp).then(
          (url) => window.location.assign(url),
          (error: unknown) =>
            void message.error(error instanceof Error ? error.message : t('detail.csafFailed')),
        );
      }}
    >
      {children}
    </Typography.Link>
  );
}
