import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render-with-providers';
import iconButton from './icon-button.module.css';
import { UserMenuButton } from './user-menu-button';

describe('UserMenuButton', () => {
  it('opens the dropdown on the first click and keeps the header button look once antd has it', async () => {
    renderWithProviders(
      <UserMenuButton
        userName="Alice"
        avatarSrc={undefined}
        accountSettingsPath="/account/settings/base"
        onLogout={vi.fn()}
        loggingOut={false}
      />,
      { path: '/welcome' },
    );
    const placeholder = screen.getByRole('button', { name: 'Alice' });
    expect(placeholder.className).toBe(iconButton.button);
    fireEvent.click(placeholder);

    expect(await screen.findByText('Personal center')).toBeTruthy();
    const trigger = screen.getByRole('button', { name: 'Alice' });
    await waitFor(() => expect(trigger.getAttribute('aria-expanded')).toBe('true'));
    // antd's Dropdown adds its class to the trigger; the button's own class must stay.
    expect(trigger.classList.contains(iconButton.button ?? '')).toBe(true);
    expect(trigger.classList.contains('ant-dropdown-trigger')).toBe(true);
    expect(document.activeElement).toBe(trigger);
  });
});
