import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { IFRAME_HEIGHT_OFFSET_PX } from '@/config/console';
import { getAccessToken } from '@/lib/session';

/**
 * Spec 2: a link containing `token=` ends with that parameter and expects the user's token to
 * be appended, so the embedded system can sign them in.
 */
export function frameSource(link: string, token: string | undefined): string {
  return link.includes('token=') ? `${link}${token ?? ''}` : link;
}

const subscribe = (onChange: () => void) => {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
};
const windowHeight = () => window.innerHeight;

/** A menu page shown in an <iframe> as tall as the window minus 260px (spec 2). */
export function EmbeddedFrame({ link, title }: { link: string; title: string }) {
  const { t } = useTranslation('menu');
  const height = Math.max(useSyncExternalStore(subscribe, windowHeight) - IFRAME_HEIGHT_OFFSET_PX, 0);
  return (
    <iframe
      data-testid="embedded-frame"
      src={frameSource(link, getAccessToken())}
      title={t('frame.title', { title })}
      style={{ display: 'block', width: '100%', height, border: 0 }}
    />
  );
}
