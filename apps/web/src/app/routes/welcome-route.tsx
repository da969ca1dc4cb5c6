import { useEffect } from 'react';
import { useLoginUser } from '@/features/auth/api/get-login-user';
import { displayNameOf } from '@/features/auth/utils/display-name';
import { AttentionPanel } from '@/features/home';
import { WelcomePage } from '@/features/pages/welcome-page';
import { firstContentShown } from '@/lib/first-content';
import { attentionAccessOf } from './attention-access';

/** Feeds the console home with the signed-in user; features never import each other. */
export function WelcomeRoute() {
  const { data: user } = useLoginUser();
  // Shown at once: the frame's extras may load now (lib/first-content.ts).
  useEffect(firstContentShown, []);
  const access = attentionAccessOf(user);
  return (
    <WelcomePage
      userName={user ? displayNameOf(user) : ''}
      apps={user?.apps ?? []}
      lastLoginTime={user?.lastLoginTime ?? null}
      lastLoginIp={user?.lastLoginIp ?? null}
      attention={access.fleet ? <AttentionPanel showAdvisories={access.advisories} /> : null}
    />
  );
}
