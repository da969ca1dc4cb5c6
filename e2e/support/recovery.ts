import { expect, it } from 'vitest';
import { captchaAnswer, nextMailTo, portalPathIn, registerThroughApi, signInAs } from './account-mail';
import { type ConsoleSuite, pathOf, type UiLocale, waitForConsole } from './console';
import { forgetResetLinksSince, passwordHashOf, restorePassword } from './put-back';
import { foreignTexts } from './ui-text';

interface Recovery {
  locale: UiLocale;
  account: string;
  email: string;
  /** The account's password before the recovery, when the test creates the account itself. */
  create?: string;
  texts: { forgot: string; signIn: string; sent: RegExp; changed: string; requestNew: string };
}

export const RUNS: Recovery[] = [
  {
    locale: 'en-US',
    account: 'demo',
    email: 'demo@example.com',
    texts: {
      forgot: 'Forgot password',
      signIn: 'Sign in',
      sent: /If the account exists, a link .* valid for 30 minutes/,
      changed: 'Password changed',
      requestNew: 'Request a new link',
    },
  },
  {
    locale: 'zh-CN',
    account: 'e2e_wang',
    email: 'wang@example.org',
    create: 'Before#Reset1',
    texts: {
      forgot: '忘记密码',
      signIn: '去登录',
      sent: /如果该账号存在.*30 分钟内有效/,
      changed: '密码已修改',
      requestNew: '重新申请链接',
    },
  },
];

const NEW_PASSWORD = 'Recovered#123';

/**
 * The recovery journey for `language` (recover.test.ts in English, recover-chinese.test.ts in
 * Chinese): each language's journey takes as long as the other, so a file per language halves
 * the time one file takes.
 */
export function itRecoversPassword(suite: ConsoleSuite, language: UiLocale) {
  it.each(RUNS.filter(({ locale }) => locale === language))(
    'sets a new password through the mailed link, which then shows as expired ($locale)',
    async (given) => {
      // An account the test creates gets a name and address of this attempt's own: a retry
      // (CI runs a failed test once more, on the same portal) cannot register the first's again.
      const attempt = Date.now().toString(36);
      const run = given.create
        ? {
            ...given,
            account: `${given.account}_${attempt}`,
            email: given.email.replace('@', `-${attempt}@`),
          }
        : given;
      if (run.create) await registerThroughApi(suite.portal, run.account, run.email, run.create);
      const started = new Date();
      const password = await passwordHashOf(suite.portal, run.account);
      try {
        const page = await suite.newPage({ locale: run.locale });
        await page.goto(`${suite.portal.url}/user/login`);
        await page.getByRole('link', { name: run.texts.forgot }).click();
        await page.waitForURL(/\/user\/recover$/);

        // The request: account name (or email) and captcha; the answer is the same for anyone.
        await page.getByTestId('recover-account').fill(run.account);
        await page.locator('#recover_captcha').fill(await captchaAnswer(page, suite.portal));
        const mailsBefore = suite.portal.mails().length;
        await page.getByTestId('recover-submit').click();
        await expect.poll(() => page.getByTestId('recover-sent').textContent()).toMatch(run.texts.sent);
        expect(await foreignTexts(page, run.locale)).toEqual([]);
        const link = portalPathIn(await nextMailTo(suite.portal, run.email, mailsBefore));
        expect(link).toMatch(/^\/user\/recover\?token=/);

        // The link: a new password (the rules and the meter as everywhere), then sign in with it.
        await page.goto(`${suite.portal.url}${link}`);
        await page.getByTestId('reset-form').waitFor();
        await page.getByTestId('reset-password').fill(NEW_PASSWORD);
        await expect
          .poll(() => page.getByTestId('password-strength').getAttribute('data-level'))
          .toBe('high');
        await page.getByTestId('reset-confirm').fill(NEW_PASSWORD);
        expect(await foreignTexts(page, run.locale)).toEqual([]);
        await page.getByTestId('reset-submit').click();
        await expect.poll(() => page.getByTestId('reset-success').textContent()).toContain(run.texts.changed);
        // The link was not taken for a session token.
        expect(await page.evaluate(() => localStorage.getItem('portal.accessToken'))).toBeNull();

        await page.getByTestId('reset-sign-in').getByText(run.texts.signIn).click();
        await page.waitForURL(/\/user\/login$/);
        await signInAs(page, suite.portal, run.account, NEW_PASSWORD);
        await waitForConsole(page);

        // The same link a second time: spent.
        const visitor = await suite.newPage({ locale: run.locale });
        await visitor.goto(`${suite.portal.url}${link}`);
        await visitor.waitForURL(/\/user\/password-link-expired$/);
        await visitor.getByTestId('password-link-expired').waitFor();
        expect(await foreignTexts(visitor, run.locale)).toEqual([]);
        await visitor.getByTestId('request-new-link').getByText(run.texts.requestNew).click();
        await visitor.waitForURL(/\/user\/recover$/);
        expect(pathOf(visitor)).toBe('/user/recover');
      } finally {
        // A second link is mailed only a minute after the first, and a retry waits for one at
        // once: this attempt's links are forgotten, and the password put back as found.
        await forgetResetLinksSince(suite.portal, run.account, started);
        await restorePassword(suite.portal, run.account, password);
      }
    },
  );
}
