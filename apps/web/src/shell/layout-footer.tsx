import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export function LayoutFooter() {
  const { t } = useTranslation();
  return (
    <Typography.Text type="secondary">
      {t('app.copyright', { year: new Date().getFullYear() })}
    </Typography.Text>
  );
}
