import type { CatalogVersionRow } from '@portal/contract';
import { Fragment, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatSize } from '@/lib/format-size';
import { startDownload } from '../../utils/start-download';
import { CopyableChecksum } from './copyable-checksum';
import styles from './public-list.module.css';

type PublicVersionRowProps = {
  row: CatalogVersionRow;
  columnCount: number;
  onDownloadResult: (error: string | undefined) => void;
};

/** One public version, and below it, once expanded, its checksums (and on a phone, the hidden columns). */
export function PublicVersionRow({ row, columnCount, onDownloadResult }: PublicVersionRowProps) {
  const { t } = useTranslation('catalog');
  const [expanded, setExpanded] = useState(false);
  const [busy, setBusy] = useState(false);
  const detailsId = useId();
  const download = async () => {
    setBusy(true);
    onDownloadResult(undefined);
    try {
      await startDownload(row.versionId, true);
    } catch (error) {
      onDownloadResult(error instanceof Error ? error.message : t('download.failed'));
    } finally {
      setBusy(false);
    }
  };
  const label = `${row.itemName} ${row.version}`;
  const size = formatSize(row.fileSize);
  // On a phone the narrow columns are hidden; the expanded part lists them first.
  const phoneDetails: Array<[string, string]> = [
    [t('column.releaseDate'), row.releaseDate],
    [t('column.os'), row.os],
    [t('column.arch'), row.arch],
    [t('column.fileName'), row.fileName],
    [t('column.size'), size],
  ];

  return (
    <>
      <tr data-version-id={row.versionId} data-version={row.version}>
        <td className={styles.expandCell}>
          <button
            type="button"
            className={styles.expandButton}
            aria-expanded={expanded}
            aria-controls={detailsId}
            aria-label={t(expanded ? 'overseas.hideChecksums' : 'overseas.showChecksums', { name: label })}
            onClick={() => setExpanded(!expanded)}
          >
            <span aria-hidden="true">{expanded ? '−' : '+'}</span>
          </button>
        </td>
        <td className={styles.name}>{row.itemName}</td>
        <td>
          {row.version}
          {row.preRelease && <span className={styles.preRelease}>{t('detail.preRelease')}</span>}
        </td>
        <td className={styles.wide}>{row.releaseDate}</td>
        <td className={styles.wide}>{row.os}</td>
        <td className={styles.wide}>{row.arch}</td>
        <td className={styles.wide}>{row.fileName}</td>
        <td className={styles.wide}>{size}</td>
        <td className={styles.actionsCell}>
          <button
            type="button"
            className={styles.button}
            disabled={busy}
            aria-busy={busy}
            onClick={() => void download()}
            data-testid={`download-${row.versionId}`}
          >
            {t('download.action')}
          </button>
        </td>
      </tr>
      <tr id={detailsId} hidden={!expanded} className={styles.details}>
        <td colSpan={columnCount}>
          {expanded && (
            <dl className={styles.detailList}>
              {phoneDetails.map(([term, value]) => (
                <Fragment key={term}>
                  <dt className={styles.phoneOnly}>{term}</dt>
                  <dd className={styles.phoneOnly}>{value}</dd>
                </Fragment>
              ))}
              <dt>SHA256</dt>
              <dd>
                <CopyableChecksum value={row.sha256} testId={`row-sha256-${row.versionId}`} />
              </dd>
              <dt>MD5</dt>
              <dd>
                <CopyableChecksum value={row.md5} />
              </dd>
              {row.cves.length > 0 && (
                <>
                  <dt>{t('detail.cves')}</dt>
                  <dd>{row.cves.join(', ')}</dd>
                </>
              )}
            </dl>
          )}
        </td>
      </tr>
    </>
  );
}
