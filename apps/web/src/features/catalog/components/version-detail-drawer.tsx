import { type CatalogVersionDetail, INVENTORY_KINDS, SIGNING_KEY_PATH } from '@portal/contract';
import { Alert, Button, Descriptions, Drawer, Grid, Skeleton, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FailureAlert, failureOf } from '@/components/failure-alert';
import { FixedAdvisories } from '@/features/advisories';
import { formatDateTime, formatNumber } from '@/lib/format';
import { useVersionDetail } from '../api/get-version-detail';
import { formatSize } from '@/lib/format-size';
import { ChecksumListLink } from './checksum-list-link';
import { ChecksumText } from './checksum-text';
import { DownloadButton } from './download-button';
import { ReleaseNotesLists } from './release-notes-lists';
import { SeverityTag } from './severity-tag';
import { VersionSbomSection } from './version-sbom';

type VersionDetailDrawerProps = {
  versionId: number | undefined;
  onClose: () => void;
  /** Another version of the same item was picked in the history list. */
  onOpen: (versionId: number) => void;
};

/** One version: checksums with copy buttons, notes, severity, CVEs, compatibility, history. */
export function VersionDetailDrawer({ versionId, onClose, onOpen }: VersionDetailDrawerProps) {
  const { t } = useTranslation('catalog');
  const screens = Grid.useBreakpoint();
  const detail = useVersionDetail(versionId);
  return (
    <Drawer
      open={versionId !== undefined}
      onClose={onClose}
      size={screens.md ? 720 : '100%'}
      title={detail.data ? `${detail.data.itemName} ${detail.data.version}` : t('detail.title')}
      extra={detail.data && <DownloadButton versionId={detail.data.versionId} size="middle" type="primary" />}
      destroyOnHidden
    >
      {detail.isPending && versionId !== undefined && <Skeleton active />}
      <FailureAlert failure={failureOf(detail.error)} gap={0} />
      {detail.data && <VersionDetailBody detail={detail.data} onOpen={onOpen} />}
    </Drawer>
  );
}

function VersionDetailBody({
  detail,
  onOpen,
}: {
  detail: CatalogVersionDetail;
  onOpen: (id: number) => void;
}) {
  const { t } = useTranslation('catalog');
  const models = detail.compatibility.models.map((model) => `${model.name} (${model.code})`);
  return (
    <div data-testid="version-detail">
      {detail.status === 'recalled' && (
        <Alert
          type="warning"
          showIcon
          title={t('detail.recalled', { reason: detail.recallReason ?? '' })}
          style={{ marginBottom: 16 }}
        />
      )}
      {detail.item.description && <Typography.Paragraph>{detail.item.description}</Typography.Paragraph>}
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label={t('column.version')}>
          <Space size={4} wrap>
            {detail.version}
            {detail.preRelease && <Tag color="orange">{t('detail.preRelease')}</Tag>}
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label={t('column.releaseDate')}>{detail.releaseDate}</Descriptions.Item>
        <Descriptions.Item label={t('column.severity')}>
          <Space size={4} wrap>
            <SeverityTag severity={detail.severity} />
            {detail.securityFix && <Tag color="magenta">{t('detail.securityFix')}</Tag>}
          </Space>
        </Descriptions.Item>
        {detail.cves.length > 0 && (
          <Descriptions.Item label={t('detail.cves')}>
            <Space size={4} wrap>
              {detail.cves.map((cve) => (
                <Tag key={cve}>{cve}</Tag>
              ))}
            </Space>
          </Descriptions.Item>
        )}
        {(INVENTORY_KINDS as readonly string[]).includes(detail.kind) && (
          <Descriptions.Item label={t('detail.updateNeeds')}>
            <Space size={4} wrap data-testid="version-update-needs">
              <Tag color={detail.rebootRequired ? 'warning' : undefined}>
                {t(detail.rebootRequired ? 'detail.rebootRequired' : 'detail.noReboot')}
              </Tag>
              {detail.prerequisites.map((line) => (
                <Tag key={line.component}>
                  {t('detail.prerequisite', { component: line.component, version: line.minVersion })}
                </Tag>
              ))}
            </Space>
          </Descriptions.Item>
        )}
        <Descriptions.Item label={t('column.fileName')}>{detail.fileName}</Descriptions.Item>
        <Descriptions.Item label={t('column.size')}>
          {formatSize(detail.fileSize)} ({t('detail.bytes', { bytes: formatNumber(detail.fileSize) })})
        </Descriptions.Item>
        <Descriptions.Item label="SHA256">
          <ChecksumText value={detail.sha256} testId="detail-sha256" />
        </Descriptions.Item>
        <Descriptions.Item label="MD5">
          <ChecksumText value={detail.md5} testId="detail-md5" />
        </Descriptions.Item>
        <Descriptions.Item label={t('detail.verify')}>
          {/* A signed checksum list, so a customer can check the file with standard tools. */}
          <Space wrap>
            <ChecksumListLink versionId={detail.versionId} testId="detail-sha256sums">
              SHA256SUMS
            </ChecksumListLink>
            <ChecksumListLink versionId={detail.versionId} signature>
              SHA256SUMS.sig
            </ChecksumListLink>
            <a href={SIGNING_KEY_PATH} download>
              {t('detail.signingKey')}
            </a>
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label={t('column.os')}>{detail.os}</Descriptions.Item>
        <Descriptions.Item label={t('column.arch')}>{detail.arch}</Descriptions.Item>
        <Descriptions.Item label={t('column.downloads')}>
          {formatNumber(detail.downloadCount)}
        </Descriptions.Item>
        {detail.publishTime && (
          <Descriptions.Item label={t('detail.publishTime')}>
            {formatDateTime(detail.publishTime)}
          </Descriptions.Item>
        )}
        {(models.length > 0 || detail.compatibility.parts.length > 0) && (
          <Descriptions.Item label={t('detail.compatibility')}>
            <span data-testid="detail-compatibility">
              {[...models, ...detail.compatibility.parts].join(', ')}
            </span>
          </Descriptions.Item>
        )}
      </Descriptions>

      <FixedAdvisories versionId={detail.versionId} />
      <VersionSbomSection versionId={detail.versionId} />

      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {t('detail.notes')}
      </Typography.Title>
      <ReleaseNotesLists notes={detail.notes} />
      {detail.notesHtml && (
        // Sanitised on the server when it was saved (publishing), so it is shown as it is.
        <div className="catalog-notes-html" dangerouslySetInnerHTML={{ __html: detail.notesHtml }} />
      )}

      {detail.otherVersions.length > 0 && (
        <>
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            {t('detail.otherVersions')}
          </Typography.Title>
          <ul data-testid="other-versions" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {detail.otherVersions.map((other) => (
              <li key={other.versionId} style={{ padding: '4px 0' }}>
                <Space wrap>
                  <Button
                    type="link"
                    size="small"
                    style={{ padding: 0 }}
                    onClick={() => onOpen(other.versionId)}
                  >
                    {other.version}
                  </Button>
                  <Typography.Text type="secondary">{other.releaseDate}</Typography.Text>
                  <SeverityTag severity={other.severity} />
                </Space>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
