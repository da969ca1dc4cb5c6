import type { SbomComponent, VersionSbom } from '@portal/contract';
import { App, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatNumber } from '@/lib/format';
import { formatSize } from '@/lib/format-size';
import { useShowTotal } from '@/lib/show-total';
import { useVersionSbom } from '../api/get-version-sbom';
import { startLinkDownload, versionLink } from '../utils/start-download';
import { ChecksumText } from './checksum-text';

const PAGE_SIZE = 10;

/**
 * The version's SBOM in its drawer (issue 43): format, hash and download, the licences it
 * names and every component. Nothing when the version has none (the server answers 404).
 */
export function VersionSbomSection({ versionId }: { versionId: number }) {
  const sbom = useVersionSbom(versionId);
  if (!sbom.data) return null;
  return <SbomDetails versionId={versionId} sbom={sbom.data} />;
}

function SbomDetails({ versionId, sbom }: { versionId: number; sbom: VersionSbom }) {
  const { t } = useTranslation('catalog');
  const { message } = App.useApp();
  const showTotal = useShowTotal();
  const { summary, components } = sbom;
  const licences = [...new Set(components.flatMap((component) => component.licences))].sort();
  const download = () =>
    versionLink(versionId, sbom.url)
      .then(startLinkDownload)
      .catch(
        (error: unknown) => void message.error(error instanceof Error ? error.message : t('download.failed')),
      );
  const columns: ColumnsType<SbomComponent> = [
    { title: t('sbom.column.name'), dataIndex: 'name', key: 'name' },
    { title: t('sbom.column.version'), dataIndex: 'version', key: 'version' },
    { title: t('sbom.column.supplier'), dataIndex: 'supplier', key: 'supplier' },
    {
      title: t('sbom.column.licences'),
      key: 'licences',
      render: (_, component) => component.licences.join(', '),
    },
    {
      title: t('sbom.column.identifier'),
      key: 'identifier',
      render: (_, component) => (
        <Typography.Text type="secondary" style={{ fontSize: 12, wordBreak: 'break-all' }}>
          {component.purl ?? component.cpe}
        </Typography.Text>
      ),
    },
  ];
  return (
    <section data-testid="version-sbom" style={{ marginTop: 24 }} aria-labelledby="version-sbom-title">
      <Typography.Title level={5} id="version-sbom-title">
        {t('sbom.title')}
      </Typography.Title>
      <Space orientation="vertical" size={8} style={{ width: '100%' }}>
        <Space wrap size={8}>
          <span data-testid="sbom-format">
            {t(`sbom.format.${summary.format}`, { version: summary.specVersion })}
          </span>
          <span>
            {t('sbom.components', { count: summary.components, formatted: formatNumber(summary.components) })}
          </span>
          <span>{formatSize(summary.size)}</span>
          <Typography.Link
            href={sbom.url}
            onClick={(event) => {
              event.preventDefault();
              void download();
            }}
            data-testid="sbom-download"
          >
            {t('sbom.download', { fileName: summary.fileName })}
          </Typography.Link>
        </Space>
        <Typography.Text type="secondary">
          {t('sbom.attached', { time: formatDateTime(summary.attachedAt) })}
          {summary.sha512Filled && ` ${t('sbom.sha512Filled')}`}
        </Typography.Text>
        <div>
          SHA256 <ChecksumText value={summary.sha256} testId="sbom-sha256" />
        </div>
        {licences.length > 0 && (
          <div data-testid="sbom-licences">
            <Typography.Text strong>{t('sbom.licences')}</Typography.Text>{' '}
            {licences.map((licence) => (
              <Tag key={licence}>{licence}</Tag>
            ))}
          </div>
        )}
        <Table<SbomComponent>
          data-testid="sbom-components"
          size="small"
          rowKey={(component) =>
            `${component.name}@${component.version}@${component.purl ?? component.cpe ?? ''}`
          }
          columns={columns}
          dataSource={components}
          // No sideways scrolling (a scrollable region must take the keyboard focus, axe): the
          // identifiers wrap instead.
          pagination={{ pageSize: PAGE_SIZE, hideOnSinglePage: true, showSizeChanger: false, showTotal }}
        />
      </Space>
    </section>
  );
}
