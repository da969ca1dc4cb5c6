import { ErrorCode, type RegisterResult } from '@portal/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLocale } from '@/lib/i18n';
import { envelopeResponse, type FetchRoute, fetchedPaths, okResponse, stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render-with-providers';
import { setUpEachTest } from '@/test/test-hooks';
import { RegisterResultPage } from '../routes/register-result-page';
import { RegisterForm } from './register-form';

// The first render of a long antd form can take over a second on a busy two-core machine.

const INDUSTRIES = [
  { id: 1, pid: 0, code: 'finance', name: 'Finance', children: [] },
  { id: 2, pid: 0, code: 'education', name: 'Education', children: [] },
];

/** The endpoints the form loads by itself; `extra` adds or replaces some. */
const registerApi = (extra: Record<string, FetchRoute> = {}, captchaEnabled = false) => ({
  '/api/config': () => okResponse({ captchaEnabled, portalName: 'Portal' }),
  '/api/auth/industries': () => okResponse(INDUSTRIES),
  ...extra,
});

const byTestId = (id: string) => screen.getByTestId<HTMLInputElement>(id);
const type = (id: string, value: string) => fireEvent.change(byTestId(id), { target: { value } });
const submit = () => fireEvent.click(screen.getByTestId('register-submit'));
/** The form item (label, control, messages) around a field's input. */
const itemOf = (id: string) => byTestId(id).closest<HTMLElement>('.ant-form-item') ?? document.body;

async function chooseIndustry(name: string) {
  fireEvent.mouseDown(within(itemOf('industry-select')).getByRole('combobox'));
  fireEvent.click(await screen.findByTitle(name));
}

async function fillInValidForm() {
  type('account-input', 'new_user1');
  type('password-input', 'Strong#Pass1');
  type('confirm-input', 'Strong#Pass1');
  type('nickName-input', 'Newbie');
  type('name-input', 'Nina New');
  type('email-input', 'nina@example.com');
  type('emailCode-input', '123456');
  type('company-input', 'Acme');
  await chooseIndustry('Finance');
}

/** Renders the form and waits until the public configuration (captcha on or off) has arrived. */
async function renderForm() {
  renderWithProviders(<RegisterForm />, {
    path: '/user/register',
    routes: [{ path: '/user/register-result', element: <RegisterResultPage /> }],
  });
  await waitFor(() => expect(screen.getByTestId<HTMLButtonElement>('register-submit').disabled).toBe(false));
}

setUpEachTest();

describe('RegisterForm rules', () => {
  it('names every missing required field without calling the server', async () => {
    const fetchStub = stubFetch(registerApi());
    await renderForm();
    submit();
    expect(await screen.findByText('Please enter an account name')).toBeTruthy();
    for (const text of [
      'Please enter a new password',
      'Please enter the new password again',
      'Please enter a nickname',
      'Please enter your email address',
      'Please enter the verification code',
      'Please enter your company',
      'Please choose your industry',
    ]) {
      // antd validates the fields one after another: on a busy machine the last ones come later.
      expect(await screen.findByText(text)).toBeTruthy();
    }
    expect(fetchedPaths(fetchStub).filter((path) => path === '/api/auth/register')).toEqual([]);
  });

  it("mirrors the server's rules with the spec's messages", async () => {
    stubFetch(registerApi());
    await renderForm();
    type('account-input', 'bad name!');
    type('password-input', 'weakpass');
    type('confirm-input', 'other');
    type('email-input', 'not-an-address');
    type('emailCode-input', '12a');
    type('phone-input', 'call me');
    type('sn-input', 'x');
    submit();

    expect(await screen.findByText(/^The username naming is unreasonable/)).toBeTruthy();
    // antd validates each field on its own: under load the messages appear one after another.
    await waitFor(() => {
      expect(screen.getByText('Insufficient password strength')).toBeTruthy();
      expect(screen.getByText('Password inconsistency')).toBeTruthy();
      expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
      expect(screen.getByText('The verification code has 6 digits')).toBeTruthy();
      expect(screen.getByText('Please enter a valid phone number')).toBeTruthy();
      expect(screen.getByText(/^Please enter a valid serial number/)).toBeTruthy();
    });
  });

  it('asks for the SMS code only while a phone number is typed', async () => {
    stubFetch(registerApi());
    await renderForm();
    expect(screen.queryByTestId('smsCode-input')).toBeNull();
    type('phone-input', '+86 138-0000-0000');
    expect(await screen.findByTestId('smsCode-input')).toBeTruthy();
    submit();
    expect(await screen.findByText('Please enter the SMS code sent to this phone')).toBeTruthy();

    type('phone-input', '');
    await waitFor(() => expect(screen.queryByTestId('smsCode-input')).toBeNull());
  });

  it('shows the strength of the password as it is typed', async () => {
    stubFetch(registerApi());
    await renderForm();
    type('password-input', 'abc');
    expect((await screen.findByTestId('password-strength')).dataset.level).toBe('low');
    type('password-input', 'Abcdefgh12#$');
    await waitFor(() => expect(screen.getByTestId('password-strength').dataset.level).toBe('high'));
  });

  it('shows the rules in Chinese', async () => {
    await act(() => changeLocale('zh-CN'));
    stubFetch(registerApi());
    await renderForm();
    type('account-input', 'bad name!');
    type('password-input', 'weakpass');
    type('confirm-input', 'other');
    submit();
    expect(await screen.findByText(/^用户名命名不合理/)).toBeTruthy();
    expect(screen.getByText('密码强度不够')).toBeTruthy();
    expect(screen.getByText('两次输入的密码不一致')).toBeTruthy();
  });
});

describe('RegisterForm with the server', () => {
  it('puts the field errors of a 1012001 answer on their fields', async () => {
    stubFetch(
      registerApi({
        '/api/auth/register': () =>
          envelopeResponse(
            {
              code: ErrorCode.PARAM_ERROR,
              message: 'Parameter error: email is not a valid email address; industry choose an industry',
              data: [
                { field: 'email', message: 'is not a valid email address' },
                { field: 'industry', message: 'choose an industry from the list' },
              ],
            },
            400,
          ),
      }),
    );
    await renderForm();
    await fillInValidForm();
    submit();

    await waitFor(() =>
      expect(within(itemOf('email-input')).getByText('is not a valid email address')).toBeTruthy(),
    );
    expect(within(itemOf('industry-select')).getByText('choose an industry from the list')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Parameter error');
  });

  it.each([
    [ErrorCode.ACCOUNT_EXISTS, 'This account name is already taken', 'account-input'],
    [ErrorCode.EMAIL_REGISTERED, 'This email address already belongs to an account', 'email-input'],
    [ErrorCode.VERIFY_CODE_WRONG, 'The verification code is wrong or has expired', 'emailCode-input'],
    [ErrorCode.SN_NOT_FOUND, 'Serial number SN-1 does not exist', 'sn-input'],
  ])('shows the message of code %i on its field', async (code, message, field) => {
    stubFetch(registerApi({ '/api/auth/register': () => envelopeResponse({ code, message }, 400) }));
    await renderForm();
    await fillInValidForm();
    submit();
    await waitFor(() => expect(within(itemOf(field)).getByText(message)).toBeTruthy());
  });

  it('shows a wrong captcha on the captcha field and shows a new image', async () => {
    stubFetch(
      registerApi(
        {
          '/api/auth/register': () =>
            envelopeResponse(
              { code: ErrorCode.CAPTCHA_WRONG, message: 'The verification code is wrong' },
              400,
            ),
        },
        true,
      ),
    );
    await renderForm();
    const image = await screen.findByTestId<HTMLImageElement>('captcha-image');
    const firstImage = image.src;
    await fillInValidForm();
    fireEvent.change(document.querySelector('#register_captcha') ?? document.body, {
      target: { value: 'abcd' },
    });
    submit();

    await waitFor(() =>
      expect(screen.getByTestId<HTMLImageElement>('captcha-image').src).not.toBe(firstImage),
    );
    expect(screen.getAllByText('The verification code is wrong').length).toBeGreaterThan(0);
  });

  it('sends the trimmed body with the captcha and opens the result page', async () => {
    const result: RegisterResult = {
      account: 'new_user1',
      email: 'n***@example.com',
      sn: { sn: 'SN-1', state: 'pending' },
    };
    const fetchStub = stubFetch(registerApi({ '/api/auth/register': () => okResponse(result) }, true));
    await renderForm();
    await screen.findByTestId('captcha-image');
    await fillInValidForm();
    type('nickName-input', '  Newbie  ');
    type('sn-input', 'SN-1');
    fireEvent.change(document.querySelector('#register_captcha') ?? document.body, {
      target: { value: 'ab12' },
    });
    submit();

    expect((await screen.findByTestId('register-result')).textContent).toContain(
      'Account new_user1 has been created',
    );
    expect(screen.getByText(/n\*\*\*@example\.com/)).toBeTruthy();
    expect(screen.getByTestId('register-result-sn').dataset.state).toBe('pending');

    const call = fetchStub.mock.calls.find(([input]) => String(input).includes('/api/auth/register'));
    const url = new URL(String(call?.[0]), 'http://localhost');
    expect(url.searchParams.get('code')).toBe('ab12');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      account: 'new_user1',
      password: 'Strong#Pass1',
      confirm: 'Strong#Pass1',
      nickName: 'Newbie',
      name: 'Nina New',
      email: 'nina@example.com',
      emailCode: '123456',
      phone: '',
      smsCode: '',
      company: 'Acme',
      industry: 'finance',
      sn: 'SN-1',
      locale: 'en-US',
    });
  });
});

describe('serial number check', () => {
  it('says a known SN can be registered (never its model) and when one does not exist', async () => {
    stubFetch(
      registerApi({
        '/api/v1/auth/register/sn': (url) => {
          const sn = url.searchParams.get('sn') ?? '';
          return okResponse(sn === 'SN-OK' ? { sn, exists: true } : { sn, exists: false });
        },
      }),
    );
    await renderForm();
    fireEvent.click(screen.getByTestId('sn-check'));
    expect(await screen.findByText('Enter the serial number to check first')).toBeTruthy();

    type('sn-input', 'SN-OK');
    fireEvent.click(screen.getByTestId('sn-check'));
    expect((await screen.findByTestId('sn-model')).textContent).toBe('Serial number SN-OK can be registered');

    type('sn-input', 'SN-NO');
    expect(screen.queryByTestId('sn-model')).toBeNull();
    fireEvent.click(screen.getByTestId('sn-check'));
    expect(await screen.findByText(/^Serial number SN-NO does not exist/)).toBeTruthy();
  });
});
