import { Flex, Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/** Shown while something the whole page depends on (e.g. the signed-in user) loads. */
export function FullPageSpinner() {
  const { t } = useTranslation();
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh' }}>
      <Spin size="large" description={t('app.loading')}>
        {/* Spin only shows its description around content. */}
        <div style={{ width: 160, height: 80 }} />
      </Spin>
    </Flex>
  );
}
