import { Outlet } from 'react-router';
import { useLoginUser } from '@/features/auth/api/get-login-user';
import { useSignOut } from '@/features/auth/hooks/use-sign-out';
import { displayNameOf } from '@/features/auth/utils/display-name';
import { BasicLayout } from '@/shell/basic-layout';

/** Connects the signed-in frame to the auth feature (user name, logout). */
export function SignedInLayout() {
  const { data: user } = useLoginUser();
  const signOut = useSignOut();
  return (
    <BasicLayout
      userName={user ? displayNameOf(user) : ''}
      onLogout={() => signOut.mutate()}
      loggingOut={signOut.isPending}
    >
      <Outlet />
    </BasicLayout>
  );
}
