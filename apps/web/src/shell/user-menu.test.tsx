import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render-with-providers';
import { UserMenu } from './user-menu';

describe('UserMenu', () => {
  it('draws its dropdown beside its button, so the menu scrolls with the sticky header', async () => {
    renderWithProviders(
      <header data-testid="header">
        <UserMenu
          userName="Alice"
          avatarSrc={undefined}
          accountSettingsPath={undefined}
          onLogout={vi.fn()}
          loggingOut={false}
          initiallyOpen
        />
      </header>,
      { path: '/welcome' },
    );
    const logout = await screen.findByTestId('logout');
    expect(screen.getByTestId('header').contains(logout)).toBe(true);
  });
});
