import { describe, expect, it } from 'vitest';
import { captchaAnswer } from './support/account-mail';
import { useConsoleSuite } from './support/console';
import { itRecoversPassword, RUNS } from './support/recovery';

describe('password recovery in Chromium', () => {
  const suite = useConsoleSuite();

  itRecoversPassword(suite, 'en-US');

  it('answers the same for an account that does not exist, and sends no mail', async () => {
    const page = await suite.newPage();
    await page.goto(`${suite.portal.url}/user/recover`);
    await page.getByTestId('recover-account').fill('nobody_here');
    await page.locator('#recover_captcha').fill(await captchaAnswer(page, suite.portal));
    const mailsBefore = suite.portal.mails().length;
    await page.getByTestId('recover-submit').click();
    await expect
      .poll(() => page.getByTestId('recover-sent').textContent())
      .toMatch(RUNS[0]?.texts.sent ?? /./);
    // Give a mail the time it would take to arrive; none may.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(suite.portal.mails().length).toBe(mailsBefore);
  });
});
