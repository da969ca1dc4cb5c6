import type { LoginUser } from '@portal/contract';

/** What the header calls the user: nickname, else real name, else the account itself. */
export function displayNameOf(user: Pick<LoginUser, 'nickName' | 'name' | 'account'>): string {
  return user.nickName.trim() || user.name.trim() || user.account;
}
