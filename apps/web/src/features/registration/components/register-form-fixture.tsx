import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import { type FetchRoute, okResponse } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render-with-providers';
import { RegisterResultPage } from '../routes/register-result-page';
import { RegisterForm } from './register-form';

/* The register form's tests (register-form.test.tsx, register-form-server.test.tsx,
   register-form-captcha.test.tsx): its page, its data and its fields. */

const INDUSTRIES = [
  { id: 1, pid: 0, code: 'finance', name: 'Finance', children: [] },
  { id: 2, pid: 0, code: 'education', name: 'Education', children: [] },
];

/** The endpoints the form loads by itself; `extra` adds or replaces some. */
export const registerApi = (extra: Record<string, FetchRoute> = {}, captchaEnabled = false) => ({
  '/api/config': () => okResponse({ captchaEnabled, portalName: 'Portal' }),
  '/api/auth/industries': () => okResponse(INDUSTRIES),
  ...extra,
});

export const byTestId = (id: string) => screen.getByTestId<HTMLInputElement>(id);
export const type = (id: string, value: string) => fireEvent.change(byTestId(id), { target: { value } });
export const submit = () => fireEvent.click(screen.getByTestId('register-submit'));
/** The form item (label, control, messages) around a field's input. */
export const itemOf = (id: string) => byTestId(id).closest<HTMLElement>('.ant-form-item') ?? document.body;

export async function chooseIndustry(name: string) {
  fireEvent.mouseDown(within(itemOf('industry-select')).getByRole('combobox'));
  fireEvent.click(await screen.findByTitle(name));
}

export async function fillInValidForm() {
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

/**
 * Renders the form and waits until the public configuration (captcha on or off) has arrived. The
 * first render of a long antd form can take over a second on a busy two-core machine.
 */
export async function renderForm() {
  renderWithProviders(<RegisterForm />, {
    path: '/user/register',
    routes: [{ path: '/user/register-result', element: <RegisterResultPage /> }],
  });
  await waitFor(() => expect(screen.getByTestId<HTMLButtonElement>('register-submit').disabled).toBe(false));
}
