import { describe, expect, it } from 'vitest';
import { meetsPasswordRule, passwordStrength } from './password';

describe('password rule (spec 5)', () => {
  it('needs 8-16 characters with upper, lower, digit and special', () => {
    expect(meetsPasswordRule('Abcdef1!')).toBe(true);
    expect(meetsPasswordRule('Abcdefgh1!123456')).toBe(true);
    expect(meetsPasswordRule('Abcdefgh1!1234567')).toBe(false); // 17
    expect(meetsPasswordRule('Abcde1!')).toBe(false); // 7
    expect(meetsPasswordRule('abcdef1!')).toBe(false);
    expect(meetsPasswordRule('ABCDEF1!')).toBe(false);
    expect(meetsPasswordRule('Abcdefg!')).toBe(false);
    expect(meetsPasswordRule('Abcdefg1')).toBe(false);
  });

  it('rates strength Low / Medium / High', () => {
    expect(passwordStrength('abc')).toBe('low');
    expect(passwordStrength('abcdefgh')).toBe('low');
    expect(passwordStrength('Abcdefg1')).toBe('medium');
    expect(passwordStrength('Abcdef1!')).toBe('medium');
    expect(passwordStrength('Abcdefgh12!x')).toBe('high');
  });
});
