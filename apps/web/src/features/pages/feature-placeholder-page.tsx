import { useTranslation } from 'react-i18next';
import { ComingSoon } from './coming-soon';

/** The download and tool pages of the menu whose features come in later issues. */
export type PlaceholderFeature = 'firmware' | 'software' | 'erpTool';

export function FeaturePlaceholderPage({ feature }: { feature: PlaceholderFeature }) {
  const { t } = useTranslation('pages');
  return <ComingSoon title={t(`${feature}.title`)} description={t(`${feature}.description`)} />;
}
