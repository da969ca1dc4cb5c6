import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ChoiceResult } from '@/components/choice-result';
import { FullPageSpinner } from '@/components/full-page-spinner';
import { loginPathFor, paths } from '@/config/paths';
import { loginUserQueryKey } from '@/features/auth/api/get-login-user';
import { changeLocale } from '@/lib/i18n';
import { getAccessToken, setAccessToken } from '@/lib/session';
import { writeStored } from '@/lib/storage';
import type { TokenLink } from './token-link';

type Choice = 'ask' | 'switch' | 'keep';

/**
 * Spec 4: a token link signs the user in for 7 days, in the link's language, remembers the
 * requested tool and opens /tools_download; the link's parameters never stay in the address
 * bar. An empty token means the other system had no session: sign in, then software download.
 * A link arriving while someone is signed in here never switches accounts silently (a page
 * on another site could plant its own session): the reader chooses.
 */
export function TokenLinkLanding({ link }: { link: TokenLink }) {
  const { t } = useTranslation('login');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [choice, setChoice] = useState<Choice>(() => {
    const current = getAccessToken();
    return link.kind === 'token' && current && current !== link.token ? 'ask' : 'switch';
  });

  useEffect(() => {
    if (link.kind === 'empty') {
      navigate(loginPathFor(paths.softwareDownload), { replace: true });
      return;
    }
    if (choice === 'ask') return;
    if (link.tool) writeStored('requestTool', link.tool);
    if (choice === 'keep') {
      navigate(paths.requestedTool, { replace: true });
      return;
    }
    setAccessToken(link.token);
    // A user cached from an earlier session must not stand in for the link's user.
    queryClient.removeQueries({ queryKey: loginUserQueryKey });
    void changeLocale(link.locale).then(() => navigate(paths.requestedTool, { replace: true }));
  }, [link, choice, navigate, queryClient]);

  if (choice !== 'ask') return <FullPageSpinner />;
  return (
    <ChoiceResult
      testId="token-link-switch"
      title={t('tokenLink.switch.title')}
      description={t('tokenLink.switch.text')}
      primary={{
        text: t('tokenLink.switch.keep'),
        testId: 'token-link-keep',
        onClick: () => setChoice('keep'),
      }}
      secondary={{
        text: t('tokenLink.switch.accept'),
        testId: 'token-link-accept',
        onClick: () => setChoice('switch'),
      }}
    />
  );
}
