import {
  ADVISORY_SEVERITIES,
  type AdvisorySeverity,
  advisoryPagePathOf,
  type ComponentCompliance,
} from '@portal/contract';
import { Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The severity colours of the advisories pages, dark enough for white text (WCAG AA). */
const SEVERITY_COLOURS: Record<AdvisorySeverity, string> = {
  CRITICAL: '#a8071a',
  HIGH: '#ad2102',
  MEDIUM: '#874d00',
  LOW: '#0050b3',
  NONE: '#595959',
};

/** An advisory affecting the version (with its fix), or one still investigating it (no fix). */
type Advisory = ComponentCompliance['investigating'][number] & { fixedIn?: string };

/** Highest first: by severity, then by score. */
const rank = (advisory: Advisory) => ADVISORY_SEVERITIES.indexOf(advisory.severity);
const highestFirst = (a: Advisory, b: Advisory) => rank(a) - rank(b) || b.baseScore - a.baseScore;

/**
 * The advisories an installed version is affected by (or that are still investigating it), each a
 * link with its severity in words, and the fix where one is known.
 */
export function ComponentAdvisories({
  advisories,
  testId = 'component-advisories',
}: {
  advisories: Advisory[];
  testId?: string;
}) {
  const { t } = useTranslation('fleet');
  if (advisories.length === 0) return <>{t('detail.noAdvisories')}</>;
  return (
    <Flex vertical gap={4} data-testid={testId}>
      {[...advisories].sort(highestFirst).map((advisory) => (
        <Flex key={advisory.advisoryId} wrap gap={8} align="center">
          <Tag color={SEVERITY_COLOURS[advisory.severity]} style={{ marginInlineEnd: 0 }}>
            {t(`severity.${advisory.severity}`)} {advisory.baseScore.toFixed(1)}
          </Tag>
          <Link to={advisoryPagePathOf(advisory.advisoryId)} data-testid={`advisory-${advisory.advisoryId}`}>
            {advisory.advisoryId}
          </Link>
          {advisory.cves.length > 0 && (
            <Typography.Text type="secondary">{advisory.cves.join(', ')}</Typography.Text>
          )}
          <Typography.Text type="secondary">
            {advisory.fixedIn === undefined
              ? t('detail.noFixYet')
              : t('detail.fixedIn', { version: advisory.fixedIn })}
          </Typography.Text>
        </Flex>
      ))}
    </Flex>
  );
}
