import { describe, expect, it } from 'vitest';
import { greetingFor } from './use-welcome-notification';

describe('greetingFor', () => {
  it.each([
    [0, 'morning'],
    [11, 'morning'],
    [12, 'afternoon'],
    [17, 'afternoon'],
    [18, 'evening'],
    [23, 'evening'],
  ] as const)('calls %i h %s', (hour, greeting) => {
    expect(greetingFor(hour)).toBe(greeting);
  });
});
