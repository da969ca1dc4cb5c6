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
      TRUST_PROXY: '2',
    });
    expect(config).toMatchObject({
      PORT: 9000,
      CAPTCHA: false,
      DATABASE_URL: 'postgres://u@h/db',
      TRUST_PROXY: 2,
    });
  });

  it('reads the origins a token link may go to, and refuses anything but origins', () => {
    expect(loadConfig({}).TOKEN_LINK_ORIGINS).toEqual([]);
    expect(
      loadConfig({ TOKEN_LINK_ORIGINS: 'https://bi.example.com, http://10.0.0.9:8080' }).TOKEN_LINK_ORIGINS,
    ).toEqual(['https://bi.example.com', 'http://10.0.0.9:8080']);
    expect(() => loadConfig({ TOKEN_LINK_ORIGINS: 'https://bi.example.com/path' })).toThrow(
      /TOKEN_LINK_ORIGINS/,
    );
    expect(() => loadConfig({ TOKEN_LINK_ORIGINS: 'javascript:alert(1)' })).toThrow(/TOKEN_LINK_ORIGINS/);
  });

  it('trusts a hop count or a list of proxies for X-Forwarded-For, never every hop', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'on' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'off' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,::1' }).TRUST_PROXY).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      '::1',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY: must be off, a hop count/);
    expect(() => loadConfig({ TRUST_PROXY: '1000' })).toThrow(/TRUST_PROXY/);
  });

  it('reads task time limits: defaults per type, one number for all, or TYPE=seconds pairs', () => {
    expect(loadConfig({}).TASK_TIMEOUT_SECONDS).toEqual({
      LIST_MIRROR_SN: 900,
      LIST_MIRROR_PN: 900,
      PACKAGE_LIVE_CD: 3600,
    });
    expect(loadConfig({ TASK_TIMEOUT_SECONDS: '120' }).TASK_TIMEOUT_SECONDS).toEqual({
      LIST_MIRROR_SN: 120,
      LIST_MIRROR_PN: 120,
      PACKAGE_LIVE_CD: 120,
    });
    expect(
      loadConfig({ TASK_TIMEOUT_SECONDS: 'PACKAGE_LIVE_CD=7200, LIST_MIRROR_SN=600' }).TASK_TIMEOUT_SECONDS,
    ).toEqual({ LIST_MIRROR_SN: 600, LIST_MIRROR_PN: 900, PACKAGE_LIVE_CD: 7200 });
    for (const bad of ['0', 'NOPE=10', 'PACKAGE_LIVE_CD=abc', 'PACKAGE_LIVE_CD=999999'])
      expect(() => loadConfig({ TASK_TIMEOUT_SECONDS: bad }), bad).toThrow(/TASK_TIMEOUT_SECONDS/);
    expect(() => loadConfig({ JOB_HEARTBEAT_SECONDS: '5' })).toThrow(/JOB_HEARTBEAT_SECONDS/);
  });

  it('names every invalid variable in one message', () => {
    const attempt = () => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', CAPTCHA: 'maybe' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/PORT:[\s\S]*DATABASE_URL: must start with postgres:\/\/[\s\S]*CAPTCHA:/);
  });
});
