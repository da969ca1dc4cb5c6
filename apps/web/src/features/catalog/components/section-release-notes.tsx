import { Empty, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FailureAlert, failureOf } from '@/components/failure-alert';
import { useItemDetail } from '../api/get-item-detail';
import { useVersions } from '../api/get-versions';
import { ReleaseNotesLists } from './release-notes-lists';
import { SeverityTag } from './severity-tag';

/** The release notes of every visible version of a section's main item, newest first. */
export function SectionReleaseNotes({ kind, section }: { kind: string; section: string }) {
  const { t } = useTranslation('catalog');
  const newest = useVersions({ kind: [kind], section, latest: true, pageNo: 1, pageSize: 1 });
  const itemCode = newest.data?.rows[0]?.itemCode;
  if (newest.isPending) return <Skeleton active />;
  if (newest.isError) return <FailureAlert failure={failureOf(newest.error)} gap={0} />;
  if (!itemCode) return <Empty description={t('list.empty')} />;
  return <ItemReleaseNotes code={itemCode} />;
}

function ItemReleaseNotes({ code }: { code: string }) {
  const item = useItemDetail(code);
  if (item.isPending) return <Skeleton active />;
  if (item.isError) return <FailureAlert failure={failureOf(item.error)} gap={0} />;
  return (
    <div data-testid="section-release-notes">
      {item.data.versions.map((version) => (
        <section key={version.versionId} style={{ marginBottom: 24 }}>
          <Space wrap style={{ marginBottom: 8 }}>
            <Typography.Text strong>
              {item.data.name} {version.version}
            </Typography.Text>
            <Typography.Text type="secondary">{version.releaseDate}</Typography.Text>
            <SeverityTag severity={version.severity} />
          </Space>
          <ReleaseNotesLists notes={version.notes} />
        </section>
      ))}
    </div>
  );
}
