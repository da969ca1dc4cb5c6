import { callAs, type Method } from './requests';
import { type Driver, freshAppPerTest, type TestApp } from './test-app';

/**
 * The admin pages' tests: `freshAppPerTest` plus the `call` they all make, a request as any
 * token to the current test's portal, answered in English unless `locale` says otherwise.
 */
export function adminPagesPerTest(driver: Driver, use: (app: TestApp, admin: string) => void) {
  let current: TestApp | undefined;
  freshAppPerTest(driver, (app, admin) => {
    current = app;
    use(app, admin);
  });
  return <T = unknown>(token: string, method: Method, url: string, payload?: object, locale?: string) => {
    if (!current) throw new Error('call is for inside a test');
    return callAs<T>(current.app, token, method, url, payload, locale);
  };
}
