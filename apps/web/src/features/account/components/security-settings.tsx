import { Divider } from 'antd';
import { ActiveSessions } from './active-sessions';
import { ChangePasswordForm } from './change-password-form';

/** /account/settings/security: password change and the open sessions. */
export function SecuritySettings() {
  return (
    <>
      <ChangePasswordForm />
      <Divider />
      <ActiveSessions />
    </>
  );
}
