import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PrivateFeed } from './private-feed';
import { PublicFeedBuilder } from './public-feed-builder';

/** Account settings -> Feeds: the public feed's address for a choice of filters, and my private feed. */
export function FeedsSection() {
  const { t } = useTranslation('automation');
  return (
    <Flex vertical gap="large">
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }} data-testid="feeds-intro">
        {t('feeds.intro')}
      </Typography.Paragraph>
      <section aria-labelledby="feeds-public">
        <Typography.Title level={5} id="feeds-public">
          {t('feeds.public.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('feeds.public.intro')}</Typography.Paragraph>
        <PublicFeedBuilder />
      </section>
      <section aria-labelledby="feeds-private">
        <Typography.Title level={5} id="feeds-private">
          {t('feeds.private.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('feeds.private.intro')}</Typography.Paragraph>
        <PrivateFeed />
      </section>
    </Flex>
  );
}
