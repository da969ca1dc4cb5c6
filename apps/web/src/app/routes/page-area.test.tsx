import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { setUpEachTest } from '@/test/test-hooks';
import { PageArea } from './page-area';

setUpEachTest();

function renderAt(path: string) {
  const router = createMemoryRouter(
    [{ path: '*', element: <PageArea>{<p data-testid="page">page</p>}</PageArea> }],
    { initialEntries: [path] },
  );
  const view = render(<RouterProvider router={router} />);
  return { ...view, router };
}

describe('PageArea', () => {
  it('shows the home pages without antd', async () => {
    const { container } = renderAt('/welcome');
    expect(await screen.findByTestId('page')).toBeTruthy();
    expect(container.querySelector('.ant-app')).toBeNull();
  });

  it('holds every other page in one antd provider, kept when the reader goes back home', async () => {
    const { container, router } = renderAt('/system/user');
    await waitFor(() => expect(container.querySelector('.ant-app [data-testid="page"]')).not.toBeNull());
    const app = container.querySelector('.ant-app');
    await router.navigate('/welcome');
    await waitFor(() => expect(screen.getByTestId('page')).toBeTruthy());
    // The same provider (and its messages) stays: no remount on the way back home.
    expect(container.querySelector('.ant-app')).toBe(app);
  });
});
