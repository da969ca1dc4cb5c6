import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { FullPageSpinner } from '@/components/full-page-spinner';
import { loginPathFor, paths } from '@/config/paths';
import { loginUserQueryKey } from '@/features/auth/api/get-login-user';
import { changeLocale } from '@/lib/i18n';
import { setAccessToken } from '@/lib/session';
import { writeStored } from '@/lib/storage';
import type { TokenLink } from './token-link';

/**
 * Spec 4: a token link signs the user in for 7 days, in the link's language, remembers the
 * requested tool and opens /tools_download; the link's parameters never stay in the address
 * bar. An empty token means the other system had no session: sign in, then software download.
 */
export function TokenLinkLanding({ link }: { link: TokenLink }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (link.kind === 'empty') {
      navigate(loginPathFor(paths.softwareDownload), { replace: true });
      return;
    }
    setAccessToken(link.token);
    if (link.tool) writeStored('requestTool', link.tool);
    // A user cached from an earlier session must not stand in for the link's user.
    queryClient.removeQueries({ queryKey: loginUserQueryKey });
    void changeLocale(link.locale).then(() => navigate(paths.requestedTool, { replace: true }));
  }, [link, navigate, queryClient]);

  return <FullPageSpinner />;
}
