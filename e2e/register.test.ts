import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { captchaAnswer, codeIn, latestSmsCode, nextMailTo, signInAs } from './support/account-mail';
import { pathOf, type UiLocale, useConsoleSuite, waitForConsole } from './support/console';
import { foreignTexts } from './support/ui-text';

interface Registration {
  locale: UiLocale;
  account: string;
  email: string;
  /** Typed with spaces and dashes, as people do; the SMS goes to the digits. */
  phone?: string;
  company: string;
  industry: string;
  sn: string;
  snState: 'verified' | 'pending';
  texts: { register: string; getCode: string; check: string; signIn: string; created: string };
}

const PASSWORD = 'Fresh#Reg2024';

const RUNS: Registration[] = [
  {
    locale: 'en-US',
    account: 'e2e_nina',
    email: 'nina@example.org',
    phone: '+86 138-0013-8000',
    // The customer the SN was shipped to, typed: that grants nothing until staff assign the
    // account to its organisation, so the SN waits for support like any other.
    company: 'Northwind Data Center',
    industry: 'Finance',
    sn: 'A7S2U25000033',
    snState: 'pending',
    texts: {
      register: 'Register',
      getCode: 'Get code',
      check: 'Check',
      signIn: 'Sign in',
      created: 'Account e2e_nina has been created',
    },
  },
  {
    locale: 'zh-CN',
    account: 'e2e_li',
    email: 'li@example.org',
    // Shipped to another customer: support has to confirm it.
    company: '示例科技有限公司',
    industry: '金融',
    sn: 'M7S4U24000877',
    snState: 'pending',
    texts: {
      register: '注册账号',
      getCode: '获取验证码',
      check: '查询',
      signIn: '去登录',
      created: '账号 e2e_li 注册成功',
    },
  },
];

/**
 * The run with an account, address and phone of this attempt's own: a retry (CI runs a failed
 * test once more, on the same portal) can neither register the first attempt's account again nor
 * ask for a code to its address or phone inside the resend interval.
 */
function ofThisAttempt(run: Registration): Registration {
  const attempt = Date.now().toString(36);
  const account = `${run.account}_${attempt}`;
  return {
    ...run,
    account,
    email: run.email.replace('@', `-${attempt}@`),
    phone: run.phone?.replace(/\d{4}$/, String(Date.now() % 10_000).padStart(4, '0')),
    texts: { ...run.texts, created: run.texts.created.replace(run.account, account) },
  };
}

async function fillRegistration(page: Page, run: Registration, suite: ReturnType<typeof useConsoleSuite>) {
  await page.getByTestId('account-input').fill(run.account);
  await page.getByTestId('password-input').fill(PASSWORD);
  await expect.poll(() => page.getByTestId('password-strength').getAttribute('data-level')).toBe('high');
  await page.getByTestId('confirm-input').fill(PASSWORD);
  await page.getByTestId('nickName-input').fill(`${run.account} nick`);
  await page.getByTestId('email-input').fill(run.email);

  // Each code costs a captcha answer (the portal is no tool to spam addresses); a new image follows.
  let captcha = await captchaAnswer(page, suite.portal);
  await page.locator('#register_captcha').fill(captcha);
  const mailsBefore = suite.portal.mails().length;
  await page.getByTestId('emailCode-send').getByText(run.texts.getCode).click();
  const emailCode = codeIn(await nextMailTo(suite.portal, run.email, mailsBefore));
  captcha = await captchaAnswer(page, suite.portal, captcha);
  expect(await page.locator('#register_captcha').inputValue()).toBe('');
  // The button waits out the resend interval.
  await expect.poll(() => page.getByTestId('emailCode-send').isDisabled()).toBe(true);
  await page.getByTestId('emailCode-input').fill(emailCode);

  if (run.phone) {
    await page.getByTestId('phone-input').fill(run.phone);
    await page.locator('#register_captcha').fill(captcha);
    await page.getByTestId('smsCode-send').click();
    captcha = await captchaAnswer(page, suite.portal, captcha);
    await expect.poll(() => page.getByTestId('smsCode-send').isDisabled()).toBe(true);
    const digits = run.phone.replace(/[\s-]/g, '');
    await page.getByTestId('smsCode-input').fill(await latestSmsCode(suite.portal, digits));
  }

  await page.getByTestId('company-input').fill(run.company);
  await page.getByTestId('industry-select').click();
  await page.locator('.ant-select-item-option', { hasText: run.industry }).click();

  await page.getByTestId('sn-input').fill(run.sn);
  await page.getByTestId('sn-check').click();
  // The check says only that the SN can be registered: never its model (anyone may ask).
  await expect.poll(() => page.getByTestId('sn-model').textContent()).toContain(run.sn);
}

describe('registration in Chromium', () => {
  const suite = useConsoleSuite();

  it.each(RUNS)('registers with mailed codes, shows the result and signs in ($locale)', async (given) => {
    const run = ofThisAttempt(given);
    const page = await suite.newPage({ locale: run.locale });
    await page.goto(`${suite.portal.url}/user/login`);
    await page.getByRole('link', { name: run.texts.register }).click();
    await page.waitForURL(/\/user\/register$/);
    await page.getByTestId('register-form').waitFor();
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe(run.locale);

    await fillRegistration(page, run, suite);
    await page.locator('#register_captcha').fill(await captchaAnswer(page, suite.portal));
    expect(await foreignTexts(page, run.locale)).toEqual([]);
    await page.getByTestId('register-submit').click();

    await page.waitForURL(/\/user\/register-result$/);
    await expect.poll(() => page.getByTestId('register-result').textContent()).toContain(run.texts.created);
    const [local = '', domain = ''] = run.email.split('@');
    expect(await page.getByTestId('register-result').textContent()).toContain(`${local[0]}***@${domain}`);
    expect(await page.getByTestId('register-result-sn').getAttribute('data-state')).toBe(run.snState);
    expect(await foreignTexts(page, run.locale)).toEqual([]);

    await page.getByTestId('result-sign-in').getByText(run.texts.signIn).click();
    await page.waitForURL(/\/user\/login$/);
    await signInAs(page, suite.portal, run.account, PASSWORD);
    await waitForConsole(page);
    expect(pathOf(page)).not.toBe('/user/login');
  });

  it('shows the server refusing a taken account name on the account field', async () => {
    const page = await suite.newPage();
    await page.goto(`${suite.portal.url}/user/register`);
    await page.getByTestId('register-form').waitFor();
    const run = {
      ...RUNS[0],
      account: 'demo',
      // Its own address: a retry asks for a code to it inside the resend interval of the first.
      email: `taken-${Date.now().toString(36)}@example.org`,
      phone: undefined,
    } as Registration;
    await fillRegistration(page, run, suite);
    await page.locator('#register_captcha').fill(await captchaAnswer(page, suite.portal));
    await page.getByTestId('register-submit').click();

    const accountItem = page.locator('.ant-form-item').filter({ has: page.getByTestId('account-input') });
    await expect.poll(() => accountItem.textContent()).toContain('This account name is already taken');
    expect(pathOf(page)).toBe('/user/register');
  });
});
