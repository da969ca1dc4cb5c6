import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** A checksum in full, monospaced, with a copy button (customers paste it into sha256sum -c). */
export function ChecksumText({ value, testId }: { value: string; testId?: string }) {
  const { t } = useTranslation('catalog');
  return (
    <Typography.Text
      code
      data-testid={testId}
      style={{ wordBreak: 'break-all' }}
      copyable={{ text: value, tooltips: [t('checksum.copy'), t('checksum.copied')] }}
    >
      {value}
    </Typography.Text>
  );
}
