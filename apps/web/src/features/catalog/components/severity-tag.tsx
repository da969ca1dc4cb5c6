import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLOURS: Record<string, string> = { urgent: 'red', recommended: 'orange', optional: 'default' };

/** Urgent / Recommended / Optional, as the leading vendors label their releases. */
export function SeverityTag({ severity }: { severity: string }) {
  const { t } = useTranslation('catalog');
  if (!(severity in COLOURS)) return null;
  return (
    <Tag color={COLOURS[severity]}>{t(`severity.${severity as 'urgent' | 'recommended' | 'optional'}`)}</Tag>
  );
}
