import { describe, expect, it } from 'vitest';
import { captureLog } from '../test/log-capture';
import { buildApp, defaultLoggerOptions } from '../app';
import { loadConfig } from '../config';
import { openTestDatabase } from '../test/test-app';
import { redactUrl } from './log-redaction';

describe('log redaction', () => {
  it('keeps parameter names but drops secret values', () => {
    expect(redactUrl('/api/downloads/7?token=abc.def&locale=en')).toBe(
      '/api/downloads/7?token=[redacted]&locale=en',
    );
    expect(redactUrl('/user/recover?locale=zh&token=xyz')).toBe('/user/recover?locale=zh&token=[redacted]');
    expect(redactUrl('/api/login?code=1234')).toBe('/api/login?code=[redacted]');
    expect(redactUrl('/device?user_code=BCDF-GHJK')).toBe('/device?user_code=[redacted]');
    expect(redactUrl('/api/catalog/versions?q=token')).toBe('/api/catalog/versions?q=token');
    // The server decodes parameter names before it reads them, so the log must as well.
    expect(redactUrl('/api/feeds/releases.atom?%74oken=fwf_secret')).not.toContain('fwf_secret');
    expect(redactUrl('/api/downloads/7?TICKET=abc&%74%69cket=def')).not.toMatch(/abc|def/);
    expect(redactUrl('/user/recover?token=a%26b&locale=en')).toBe('/user/recover?token=[redacted]&locale=en');
  });

  it('never writes a download token to the request log', async () => {
    const { stream, lines } = captureLog();
    const database = await openTestDatabase('pglite');
    await database.migrate();
    const config = loadConfig({
      CAPTCHA: 'off',
      WEB_DIST_DIR: '/nonexistent',
      DATA_DIR: '/tmp/portal-log-test',
    });
    // The portal's own logger options, only pointed at a stream the test reads.
    const app = await buildApp({ config, database, logger: { ...defaultLoggerOptions(config), stream } });
    try {
      await app.inject({ url: '/api/downloads/1?token=SECRET-SESSION-TOKEN' });
      expect(lines.join('')).toContain('/api/downloads/1?token=[redacted]');
      expect(lines.join('')).not.toContain('SECRET-SESSION-TOKEN');
    } finally {
      await app.close();
      await database.close();
    }
  });
});
