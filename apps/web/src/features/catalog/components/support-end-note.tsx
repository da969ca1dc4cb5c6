import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** `2031-12` as the reader's language writes a month: "December 2031", "2031年12月". */
function monthName(end: string, language: string | undefined) {
  const [year = 0, month = 1] = end.split('-').map(Number);
  return new Intl.DateTimeFormat(language, { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, 1)),
  );
}

/**
 * A model's end of security support beside its firmware (CRA Art. 13(19), issue 43 §4): until when
 * it gets security fixes, or that the date is not announced yet.
 */
export function SupportEndNote({ model }: { model: { code: string; securitySupportEnd: string | null } }) {
  const { t, i18n } = useTranslation('catalog');
  const end = model.securitySupportEnd;
  return (
    <Typography.Paragraph type="secondary" data-testid="support-end-note">
      <SafetyCertificateOutlined aria-hidden />{' '}
      {end
        ? t('supportEnd.until', { model: model.code, month: monthName(end, i18n.resolvedLanguage) })
        : t('supportEnd.unknown', { model: model.code })}
    </Typography.Paragraph>
  );
}
