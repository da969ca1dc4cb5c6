import type { RegisterResult } from '@portal/contract';
import { act, fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLocale } from '@/lib/i18n';
import { renderRoutes } from '@/test/render-with-providers';
import { RegisterResultPage } from './register-result-page';

// The first render of a long antd form can take over a second on a busy two-core machine.

/** Opens the page the way the form does: a navigation carrying the answer as state. */
async function openResult(state?: RegisterResult) {
  const view = renderRoutes(
    [
      { path: '/user/register-result', element: <RegisterResultPage /> },
      { path: '/user/login', element: <p>sign-in page</p> },
      { path: '/user/register', element: <p>register page</p> },
    ],
    '/user/register',
  );
  await act(() => view.router.navigate('/user/register-result', { state }));
  return view;
}

beforeEach(async () => {
  await act(() => changeLocale('en-US'));
});

describe('RegisterResultPage', () => {
  it('explains a pending serial number and leads to sign-in', async () => {
    const { router } = await openResult({
      account: 'nina',
      email: 'n***@example.com',
      sn: { sn: 'SN-1', state: 'pending' },
    });
    expect(screen.getByText('Account nina has been created')).toBeTruthy();
    expect(screen.getByText(/A welcome mail went to n\*\*\*@example\.com/)).toBeTruthy();
    expect(screen.getByTestId('register-result-sn').textContent).toMatch(
      /SN-1 is pending: our support will confirm it/,
    );

    fireEvent.click(screen.getByTestId('result-sign-in'));
    expect(await screen.findByText('sign-in page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/user/login');
  });

  it('says a verified serial number is ready', async () => {
    await openResult({ account: 'nina', email: 'n***@example.com', sn: { sn: 'SN-2', state: 'verified' } });
    expect(screen.getByTestId('register-result-sn').textContent).toMatch(/SN-2 is verified/);
  });

  it('offers to bind a serial number later when none was given', async () => {
    await openResult({ account: 'nina', email: 'n***@example.com', sn: null });
    expect(screen.getByTestId('register-result-sn').textContent).toMatch(
      /Account settings > Account binding/,
    );
  });

  it('opened without a registration, offers to register or sign in', async () => {
    await openResult();
    expect(screen.getByText('No registration to show')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('register page')).toBeTruthy();
  });
});
