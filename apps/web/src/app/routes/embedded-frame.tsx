import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { IFRAME_HEIGHT_OFFSET_PX } from '@/config/console';
import { usePublicConfig } from '@/features/auth/api/get-public-config';
import { getAccessToken } from '@/lib/session';

/**
 * Spec 2: a link containing `token=` ends with that parameter and expects the user's token to
 * be appended, so the embedded system can sign them in. The token goes only to the portal
 * itself and to the origins the operator allowed (TOKEN_LINK_ORIGINS): anyone who may edit
 * menus must not be able to collect sessions with a link to their own site.
 */
export function frameSource(
  link: string,
  token: string | undefined,
  allowedOrigins: readonly string[],
): string {
  if (!link.includes('token=')) return link;
  let origin: string;
  try {
    origin = new URL(link, window.location.origin).origin;
  } catch {
    return link;
  }
  const allowed = origin === window.location.origin || allowedOrigins.includes(origin);
  return allowed ? `${link}${token ?? ''}` : link;
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
  const config = usePublicConfig();
  // Until the allow-list is known, nothing is loaded (and no token sent).
  if (!config.data) return null;
  return (
    <iframe
      data-testid="embedded-frame"
      src={frameSource(link, getAccessToken(), config.data.tokenLinkOrigins ?? [])}
      title={t('frame.title', { title })}
      style={{ display: 'block', width: '100%', height, border: 0 }}
    />
  );
}
