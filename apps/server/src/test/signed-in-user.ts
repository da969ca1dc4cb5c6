import { createUser, type UserFactoryInput } from './factories';
import { tokenFor } from './requests';
import type { TestApp } from './test-app';

/** A user built by `createUser` (a customer unless told), signed in: the row, its password and session token. */
export async function signedInUser(t: TestApp, input: UserFactoryInput = { roleCodes: ['customer'] }) {
  const user = await createUser(t.db, input);
  return { ...user, token: await tokenFor(t.app, user.account, user.password) };
}
