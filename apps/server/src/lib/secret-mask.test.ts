import { describe, expect, it } from 'vitest';
import { MASK, maskSecrets } from './secret-mask';

describe('maskSecrets', () => {
  it('masks verification codes and link tokens, and nothing else', () => {
    const text =
      'Your code is 482913. Reset: https://portal.example/user/recover?token=Qx3_abc-9&locale=en or ' +
      'https://portal.example/user/recover#token=zzz. Version 4.1.2 of 2026-11-25, order 1234567.';
    expect(maskSecrets(text)).toBe(
      `Your code is ${MASK}. Reset: https://portal.example/user/recover?token=${MASK}&locale=en or ` +
        `https://portal.example/user/recover#token=${MASK}. Version 4.1.2 of 2026-11-25, order 1234567.`,
    );
    expect(maskSecrets('验证码：123456，10 分钟内有效')).toBe(`验证码：${MASK}，10 分钟内有效`);
  });
});
