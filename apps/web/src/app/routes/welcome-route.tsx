import { useLoginUser } from '@/features/auth/api/get-login-user';
import { displayNameOf } from '@/features/auth/utils/display-name';
import { WelcomePage } from '@/features/pages/welcome-page';

/** Feeds the console home with the signed-in user; features never import each other. */
export function WelcomeRoute() {
  const { data: user } = useLoginUser();
  return (
    <WelcomePage
      userName={user ? displayNameOf(user) : ''}
      apps={user?.apps ?? []}
      lastLoginTime={user?.lastLoginTime ?? null}
      lastLoginIp={user?.lastLoginIp ?? null}
    />
  );
}
