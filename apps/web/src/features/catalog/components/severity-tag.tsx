import { useTranslation } from 'react-i18next';
import { Pill, type PillTone } from '@/components/panel/panel';

const TONES: Record<string, PillTone> = { urgent: 'red', recommended: 'orange', optional: 'default' };

/**
 * Urgent / Recommended / Optional, as the leading vendors label their releases. Plain markup
 * (components/panel): the console home lists releases before antd has loaded.
 */
export function SeverityTag({ severity }: { severity: string }) {
  const { t } = useTranslation('catalog');
  const tone = TONES[severity];
  if (!tone) return null;
  return <Pill tone={tone}>{t(`severity.${severity as 'urgent' | 'recommended' | 'optional'}`)}</Pill>;
}
