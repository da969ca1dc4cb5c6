import { useLoginUser } from '@/features/auth/api/get-login-user';
import { displayNameOf } from '@/features/auth/utils/display-name';
import { HomePage } from '@/features/home/home-page';
import { attentionAccessOf } from './attention-access';

/** Feeds the home feature with the signed-in user; features never import each other. */
export function HomeRoute() {
  const { data: user } = useLoginUser();
  return (
    <HomePage
      userName={user ? displayNameOf(user) : ''}
      apps={user?.apps ?? []}
      attention={attentionAccessOf(user)}
    />
  );
}
