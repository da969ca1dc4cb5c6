import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLocale } from '@/lib/i18n';
import { PasswordStrengthMeter } from './password-strength-meter';

const meter = () => screen.getByTestId('password-strength');

beforeEach(async () => {
  await act(() => changeLocale('en-US'));
});

describe('PasswordStrengthMeter', () => {
  it.each([
    ['abc', 'low', 'Strength: Low', 1],
    ['abcdefgh', 'low', 'Strength: Low', 1],
    ['Abcdefg1', 'medium', 'Strength: Medium', 2],
    ['Abcdef1!', 'medium', 'Strength: Medium', 2],
    ['Abcdefgh12#$', 'high', 'Strength: High', 3],
  ])('rates %s as %s', (password, level, text, filledSteps) => {
    const { container } = render(<PasswordStrengthMeter password={password} />);
    expect(meter().dataset.level).toBe(level);
    expect(meter().textContent).toBe(text);
    expect(container.querySelectorAll('.ant-progress-steps-item-active')).toHaveLength(filledSteps);
  });

  it('shows the levels in Chinese', async () => {
    await act(() => changeLocale('zh-CN'));
    render(<PasswordStrengthMeter password="Abcdefgh12#$" />);
    expect(meter().textContent).toBe('密码强度：高');
  });

  it('shows nothing for an empty password', () => {
    render(<PasswordStrengthMeter password="" />);
    expect(screen.queryByTestId('password-strength')).toBeNull();
  });
});
