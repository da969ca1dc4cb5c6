import { afterEach, beforeEach } from 'vitest';
import { signedInUser } from './download-fixtures';
import type { UserFactoryInput } from './factories';
import { createTestApp, type Driver, type TestApp, type TestAppOptions } from './test-app';

export type SignedInUser = Awaited<ReturnType<typeof signedInUser>>;

/**
 * A fresh portal for every test of the block and a new customer (built by the factory from
 * `input`) signed in to it: the tests of a user's own pages, which need nobody from the demo
 * seed. `use` receives each new app and the user with its session token.
 */
export function freshAppSignedIn(
  driver: Driver,
  use: (app: TestApp, user: SignedInUser) => void,
  input: UserFactoryInput = {},
  options: TestAppOptions = {},
) {
  let current: TestApp | undefined;
  beforeEach(async () => {
    current = await createTestApp(driver, options);
    use(current, await signedInUser(current, { roleCodes: ['customer'], ...input }));
  });
  afterEach(() => current?.close());
}
