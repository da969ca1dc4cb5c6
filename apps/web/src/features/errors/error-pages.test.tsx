import { act, fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLocale } from '@/lib/i18n';
import { renderWithProviders } from '@/test/render-with-providers';
import { ForbiddenPage } from './forbidden-page';
import { NotFoundPage } from './not-found-page';
import { ServerErrorPage } from './server-error-page';

beforeEach(async () => {
  await act(() => changeLocale('en-US'));
});

describe('error pages', () => {
  it.each([
    ['403', <ForbiddenPage key="403" />, 'Sorry, you have no permission to access this page.'],
    [
      '404',
      <NotFoundPage key="404" />,
      'Sorry, the page you visited does not exist or is still under development.',
    ],
    [
      '500',
      <ServerErrorPage key="500" />,
      'Sorry, something went wrong on the server. Please try again later.',
    ],
  ])('%s says why and leads back to the console home', async (status, page, message) => {
    renderWithProviders(page, {
      path: `/${status}`,
      routes: [{ path: '/welcome', element: <p>console home</p> }],
    });
    expect(screen.getByTestId(`error-page-${status}`)).toBeTruthy();
    expect(screen.getByText(message)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back to the console' }));
    expect(await screen.findByText('console home')).toBeTruthy();
  });
});
