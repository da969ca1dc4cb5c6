import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 8080, CAPTCHA: true, TOKEN_TTL_HOURS: 168 });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('reads values and switches', () => {
    const config = loadConfig({
      PORT: '9000',
      CAPTCHA: 'off',
      DATABASE_URL: 'postgres://u@h/db',
      TRUST_PROXY: 'true',
    });
    expect(config).toMatchObject({
      PORT: 9000,
      CAPTCHA: false,
      DATABASE_URL: 'postgres://u@h/db',
      TRUST_PROXY: true,
    });
  });

  it('names every invalid variable in one message', () => {
    const attempt = () => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', CAPTCHA: 'maybe' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/PORT:[\s\S]*DATABASE_URL: must start with postgres:\/\/[\s\S]*CAPTCHA:/);
  });
});
