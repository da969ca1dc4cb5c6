import { Divider } from 'antd';
import { ActiveSessions } from './active-sessions';
import { BoundContacts } from './bound-contacts';
import { ChangePasswordForm } from './change-password-form';

/** /account/settings/security: password change, bound email and phone, the open sessions. */
export function SecuritySettings() {
  return (
    <>
      <ChangePasswordForm />
      <Divider />
      <BoundContacts />
      <Divider />
      <ActiveSessions />
    </>
  );
}
