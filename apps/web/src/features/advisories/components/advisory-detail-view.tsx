import { type AdvisoryDetail, consoleVersionPathOf } from '@portal/contract';
import { Descriptions, Flex, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CompactTable } from '@/components/list-table/compact-table';
import { formatDateTime } from '@/lib/format';
import { CSAF_FILE_LABELS, CSAF_FILES } from '../utils/csaf-file-link';
import { pickLanguage } from '../utils/pick-language';
import { AdvisorySeverityTag } from './advisory-severity-tag';
import { AffectedTable } from './affected-table';
import { CsafFileLink } from './csaf-file-link';
import { DATE_PATTERN } from './advisory-table';
import { VulnerabilityTable } from './vulnerability-table';

function Section({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <section data-testid={testId} style={{ marginTop: 24 }}>
      <Typography.Title level={3} style={{ fontSize: 16 }}>
        {title}
      </Typography.Title>
      {children}
    </section>
  );
}

const plainList = { listStyle: 'none', margin: 0, padding: 0 } as const;

/** Everything one advisory says; `signedIn` adds the customer's affected servers. */
export function AdvisoryDetailView({ detail, signedIn }: { detail: AdvisoryDetail; signedIn: boolean }) {
  const { t, i18n } = useTranslation('advisories');
  const language = i18n.resolvedLanguage;
  const { snapshot } = detail;
  return (
    <article data-testid="advisory-detail">
      <Typography.Title level={2} style={{ fontSize: 20, marginTop: 0 }} data-testid="advisory-title">
        {detail.title}
      </Typography.Title>
      <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }} bordered>
        <Descriptions.Item label={t('column.id')}>{detail.advisoryId}</Descriptions.Item>
        <Descriptions.Item label={t('detail.severity')}>
          <AdvisorySeverityTag severity={detail.severity} score={detail.baseScore} />
        </Descriptions.Item>
        <Descriptions.Item label={t('detail.tlp')}>
          <Tag data-testid="advisory-tlp">{t(`tlp.${detail.tlp}`)}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('detail.published')}>
          {formatDateTime(detail.initialReleaseTime, DATE_PATTERN)}
        </Descriptions.Item>
        <Descriptions.Item label={t('detail.updated')}>
          {formatDateTime(detail.currentReleaseTime, DATE_PATTERN)}
        </Descriptions.Item>
        <Descriptions.Item label={t('detail.revision')}>
          {t('detail.revisionNumber', { number: detail.revision })}
        </Descriptions.Item>
      </Descriptions>

      <Section title={t('detail.summary')} testId="advisory-summary">
        <Typography.Paragraph style={{ whiteSpace: 'pre-line' }}>{detail.summary}</Typography.Paragraph>
      </Section>

      {signedIn && (
        <Section title={t('detail.myServers')} testId="advisory-my-servers">
          {detail.myServers.length === 0 ? (
            <Typography.Paragraph>{t('detail.myServersNone')}</Typography.Paragraph>
          ) : (
            <CompactTable
              testId="advisory-my-servers-table"
              rowKey="sn"
              dataSource={detail.myServers}
              columns={[
                { title: t('detail.sn'), dataIndex: 'sn' },
                { title: t('detail.model'), dataIndex: 'model' },
              ]}
            />
          )}
        </Section>
      )}

      <Section title={t('detail.vulnerabilities')} testId="advisory-cves">
        <VulnerabilityTable vulnerabilities={snapshot.vulnerabilities} />
      </Section>

      <Section title={t('detail.affected')} testId="advisory-products">
        <AffectedTable affected={snapshot.affected} />
      </Section>

      {snapshot.fixedVersions.length > 0 && (
        <Section title={t('detail.fixedVersions')} testId="advisory-fixed-versions">
          <ul style={plainList}>
            {snapshot.fixedVersions.map((version) => (
              <li key={version.versionId} style={{ padding: '2px 0' }}>
                <Link to={consoleVersionPathOf(version.kind, version.versionId)}>
                  {pickLanguage(language, version.itemNameZh, version.itemNameEn)} {version.version}
                </Link>
              </li>
            ))}
          </ul>
        </Section>
      )}

      {detail.workarounds && (
        <Section title={t('detail.workarounds')} testId="advisory-workarounds">
          <Typography.Paragraph style={{ whiteSpace: 'pre-line' }}>{detail.workarounds}</Typography.Paragraph>
        </Section>
      )}

      {snapshot.references.length > 0 && (
        <Section title={t('detail.references')} testId="advisory-references">
          <ul style={plainList}>
            {snapshot.references.map((reference) => (
              <li key={reference.url} style={{ padding: '2px 0', wordBreak: 'break-all' }}>
                <a href={reference.url} target="_blank" rel="noreferrer noopener">
                  {pickLanguage(language, reference.summaryZh, reference.summaryEn) || reference.url}
                </a>
              </li>
            ))}
          </ul>
        </Section>
      )}

      {snapshot.acknowledgments.length > 0 && (
        <Section title={t('detail.acknowledgments')} testId="advisory-acknowledgments">
          <ul style={plainList}>
            {snapshot.acknowledgments.map((person) => (
              <li key={`${person.name}-${person.organization}`}>
                {person.organization ? `${person.name} (${person.organization})` : person.name}
              </li>
            ))}
          </ul>
        </Section>
      )}

      <Section title={t('detail.history')} testId="advisory-history">
        <CompactTable
          testId="advisory-history-table"
          rowKey="number"
          dataSource={detail.history}
          columns={[
            { title: t('detail.revision'), dataIndex: 'number' },
            {
              title: t('detail.historyDate'),
              dataIndex: 'date',
              render: (date: string) => formatDateTime(date, DATE_PATTERN),
            },
            { title: t('detail.historySummary'), dataIndex: 'summary' },
          ]}
        />
      </Section>

      <Section title={t('detail.files')} testId="advisory-files">
        <Flex wrap gap={16}>
          {CSAF_FILES.map((file) => (
            <CsafFileLink
              key={file}
              advisoryId={detail.advisoryId}
              tlp={detail.tlp}
              file={file}
              path={detail.csaf[file]}
              testId={`advisory-csaf-${file}`}
            >
              {t(CSAF_FILE_LABELS[file])}
            </CsafFileLink>
          ))}
        </Flex>
      </Section>
    </article>
  );
}
