import { useTranslation } from 'react-i18next';
import { PrivateFeed } from './private-feed';
import { PublicFeedBuilder } from './public-feed-builder';
import { SectionWithIntro, TitledPart } from './section-layout';

/** Account settings -> Feeds: the public feed's address for a choice of filters, and my private feed. */
export function FeedsSection() {
  const { t } = useTranslation('automation');
  return (
    <SectionWithIntro name="feeds" intro={t('feeds.intro')}>
      <TitledPart id="feeds-public" title={t('feeds.public.title')} intro={t('feeds.public.intro')}>
        <PublicFeedBuilder />
      </TitledPart>
      <TitledPart id="feeds-private" title={t('feeds.private.title')} intro={t('feeds.private.intro')}>
        <PrivateFeed />
      </TitledPart>
    </SectionWithIntro>
  );
}
