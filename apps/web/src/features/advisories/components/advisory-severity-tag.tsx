import type { AdvisorySeverity } from '@portal/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Solid colours dark enough for white text (WCAG AA 4.5:1): antd's light preset tags in gold or
 * orange fall short of it.
 */
const COLOURS: Record<AdvisorySeverity, string> = {
  CRITICAL: '#a8071a',
  HIGH: '#ad2102',
  MEDIUM: '#874d00',
  LOW: '#0050b3',
  NONE: '#595959',
};

/** The CVSS rating in words ("Critical"), coloured by severity, with the base score when given. */
export function AdvisorySeverityTag({ severity, score }: { severity: AdvisorySeverity; score?: number }) {
  const { t } = useTranslation('advisories');
  return (
    <Tag color={COLOURS[severity]} data-testid={`severity-${severity}`} style={{ marginInlineEnd: 0 }}>
      {t(`severity.${severity}`)}
      {score === undefined ? '' : ` ${formatScore(score)}`}
    </Tag>
  );
}

/** CVSS scores read with one decimal (9.8, 5.0). */
export const formatScore = (score: number) => score.toFixed(1);
