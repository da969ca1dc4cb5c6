import { DEFAULT_NOTIFICATION_SETTINGS, type NotificationSettings } from '@portal/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelopeResponse, okResponse, stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render-with-providers';
import { setUpEachTest } from '@/test/test-hooks';
import { NotificationSwitches } from './notification-switches';

const toggle = (testId: string) => screen.getByTestId(testId);
const isOn = (testId: string) => toggle(testId).getAttribute('aria-checked') === 'true';

setUpEachTest();

describe('NotificationSwitches', () => {
  it('shows three notices by two channels and saves the whole set on each change', async () => {
    let stored: NotificationSettings = DEFAULT_NOTIFICATION_SETTINGS;
    const puts: unknown[] = [];
    stubFetch({
      '/api/sysUser/notificationSettings': (_url, init) => {
        if (init.method === 'PUT') {
          stored = JSON.parse(String(init.body)) as NotificationSettings;
          puts.push(stored);
        }
        return okResponse(stored);
      },
    });
    renderWithProviders(<NotificationSwitches />, { path: '/' });
    await screen.findByTestId('notification-table');
    expect(screen.getByText('New firmware')).toBeTruthy();
    expect(screen.getByText('Task finished')).toBeTruthy();
    expect(screen.getByText('Security advisories')).toBeTruthy();
    expect(screen.getAllByRole('switch')).toHaveLength(6);
    expect(isOn('notify-taskFinished-email')).toBe(false);

    fireEvent.click(toggle('notify-taskFinished-email'));
    await waitFor(() => expect(isOn('notify-taskFinished-email')).toBe(true));
    expect(await screen.findByText('Notification settings saved')).toBeTruthy();
    expect(puts).toEqual([{ ...DEFAULT_NOTIFICATION_SETTINGS, taskFinished: { inApp: true, email: true } }]);

    fireEvent.click(toggle('notify-securityAdvisories-inApp'));
    await waitFor(() => expect(puts).toHaveLength(2));
    expect(puts[1]).toEqual({
      firmwareForMyServers: { inApp: true, email: true },
      taskFinished: { inApp: true, email: true },
      securityAdvisories: { inApp: false, email: true },
    });
  });

  it('puts the switch back and says why when saving fails', async () => {
    stubFetch({
      '/api/sysUser/notificationSettings': (_url, init) =>
        init.method === 'PUT'
          ? envelopeResponse({ code: 1016002, message: 'Server error, request id 9' }, 500)
          : okResponse(DEFAULT_NOTIFICATION_SETTINGS),
    });
    renderWithProviders(<NotificationSwitches />, { path: '/' });
    await screen.findByTestId('notification-table');
    fireEvent.click(toggle('notify-firmwareForMyServers-email'));
    expect(
      await screen.findByText('Notification settings not saved: Server error, request id 9'),
    ).toBeTruthy();
    await waitFor(() => expect(isOn('notify-firmwareForMyServers-email')).toBe(true));
  });
});
