import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { SearchableVersionList } from '../components/searchable-version-list';
import { useVersionDrawer } from '../hooks/use-version-drawer';

/** /erp_tool: the ERP tools. */
export function ErpToolPage() {
  const { t } = useTranslation('catalog');
  const { open, drawer } = useVersionDrawer();
  return (
    <Card data-testid="erp-tool" title={t('erp.title')}>
      <Typography.Paragraph type="secondary">{t('erp.description')}</Typography.Paragraph>
      <SearchableVersionList testId="erp-table" filters={{ kind: ['ERP'] }} onOpen={open} />
      {drawer}
    </Card>
  );
}
