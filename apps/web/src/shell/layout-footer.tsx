import { theme } from 'antd';
import { useTranslation } from 'react-i18next';

/*
 * Plain text in the theme's secondary colour rather than antd's Typography, which brings its
 * editing and copying code (an input, a tooltip) to every console page, the home included.
 */
export function LayoutFooter() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <span style={{ color: token.colorTextSecondary }}>
      {t('app.copyright', { year: new Date().getFullYear() })}
    </span>
  );
}
