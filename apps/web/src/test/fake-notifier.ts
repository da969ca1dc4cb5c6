import { vi } from 'vitest';
import { setNotifier } from '@/lib/notify';

/** Registers spies in place of antd's message/notification and returns them. */
export function installFakeNotifier() {
  const fake = {
    message: { error: vi.fn() },
    notification: { error: vi.fn(), success: vi.fn() },
  };
  setNotifier(fake);
  return fake;
}
