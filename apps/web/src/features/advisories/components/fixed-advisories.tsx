import { advisoryPagePathOf } from '@portal/contract';
import { Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAdvisories } from '../api/get-advisories';
import { AdvisorySeverityTag } from './advisory-severity-tag';

/** How many a version page lists; a version fixing more is rare. */
const SHOWN = 20;

/** "Fixes security advisories" on a catalogue version: nothing at all when it fixes none. */
export function FixedAdvisories({ versionId }: { versionId: number }) {
  const { t } = useTranslation('advisories');
  const fixed = useAdvisories({ fixedVersionId: versionId, pageNo: 1, pageSize: SHOWN });
  const rows = fixed.data?.rows ?? [];
  if (rows.length === 0) return null;
  return (
    <section data-testid="fixed-advisories" style={{ marginTop: 24 }}>
      <Typography.Title level={5}>{t('fixes.title')}</Typography.Title>
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {rows.map((row) => (
          <li key={row.advisoryId} style={{ padding: '4px 0' }}>
            <Space wrap size={8}>
              <Link to={advisoryPagePathOf(row.advisoryId)}>{row.advisoryId}</Link>
              <AdvisorySeverityTag severity={row.severity} score={row.baseScore} />
              <span>{row.title}</span>
            </Space>
          </li>
        ))}
      </ul>
    </section>
  );
}
