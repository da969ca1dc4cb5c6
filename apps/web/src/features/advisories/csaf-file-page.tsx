import { advisoryPagePathOf } from '@portal/contract';
import { Flex, Result, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '@/lib/api-error';
import { isSessionOver } from '@/lib/api-failure-reactions';
import { replacePage } from '@/lib/browser-location';
import { CSAF_FILE_LABELS, csafFileUrl, isCsafFile } from './utils/csaf-file-link';

type Refusal = 'notFound' | 'forbidden' | 'failed';

/** What the page says when the file does not open: not found (404, or no such file), refused (403), else failed. */
function refusalOf(error: unknown): Refusal {
  if (!(error instanceof ApiError)) return 'failed';
  if (error.status === 404) return 'notFound';
  return error.status === 403 ? 'forbidden' : 'failed';
}

/**
 * `/security/advisories/<ID>/csaf/<file>` (paths.csafFile): what the CSAF links of a TLP:GREEN or
 * AMBER advisory hold (issue 42 §2). A tab opening the file itself could not send the reader's
 * session (a header the app adds), so this page, loaded with the session, asks for a ticket and
 * replaces itself with the file's address and `?ticket=`: Back leads to where the link was, not
 * here again. Signed out, the route guard sends the reader to sign-in and back here.
 */
export function CsafFilePage() {
  const { t } = useTranslation('advisories');
  const { t: tPages } = useTranslation('pages');
  const params = useParams();
  const advisoryId = (params.advisoryId ?? '').toUpperCase();
  const file = isCsafFile(params.file) ? params.file : undefined;
  const [refusal, setRefusal] = useState<{ kind: Refusal; message: string }>();

  useEffect(() => {
    if (!file) return;
    const controller = new AbortController();
    csafFileUrl(advisoryId, file, controller.signal).then(replacePage, (error: unknown) => {
      // A session that ended is taken to sign-in by the API client, which brings the reader back.
      if (controller.signal.aborted || (error instanceof ApiError && isSessionOver(error))) return;
      setRefusal({ kind: refusalOf(error), message: error instanceof Error ? error.message : '' });
    });
    return () => controller.abort();
  }, [advisoryId, file]);

  const fileLabel = file ? t(CSAF_FILE_LABELS[file]) : '';
  const shown = file ? refusal : { kind: 'notFound' as const, message: '' };
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 20 }}>
        {tPages('csafFile.title')}
      </Typography.Title>
      <div aria-live="polite">
        {shown ? (
          <Result
            status={shown.kind === 'failed' ? 'error' : 'warning'}
            title={t(`csafFile.${shown.kind}`)}
            subTitle={
              shown.kind === 'failed' ? shown.message : t(`csafFile.${shown.kind}Hint`, { advisoryId })
            }
            extra={<Link to={advisoryPagePathOf(advisoryId)}>{t('csafFile.back', { advisoryId })}</Link>}
            data-testid="csaf-file-failed"
          />
        ) : (
          <Flex gap={12} align="center" data-testid="csaf-file-opening">
            <Spin size="small" />
            <Typography.Text>{t('csafFile.opening', { file: fileLabel, advisoryId })}</Typography.Text>
          </Flex>
        )}
      </div>
    </>
  );
}
