import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verificationLinkOn } from './commands/device-login.ts';
import { formatDateTime } from './date-time.ts';
import { EXIT } from './exit-codes.ts';
import { deviceConsoleCall, startDeviceLogin, startDeviceLoginPortal } from './test/device-login.ts';
import type { FleetPortal } from './test/portal-fixture.ts';
import { newConfigHome } from './test/run-cli.ts';

// Issue 42 §2: `fwportal login --url http://127.0.0.1:…` printed a link to localhost (the portal's
// PUBLIC_URL unset), where the browser has no session; the expiry printed as 12/2/2026, 2:00:00 PM.
describe('the verification link', () => {
  it('is on the portal the user named, with the path and code the portal gave', () => {
    expect(
      verificationLinkOn('http://127.0.0.1:8123', 'http://localhost:8080/device?user_code=BCDF-GHJK'),
    ).toBe('http://127.0.0.1:8123/device?user_code=BCDF-GHJK');
    expect(
      verificationLinkOn('https://portal.example.com/fw', 'https://portal.example.com/fw/device?user_code=X'),
    ).toBe('https://portal.example.com/fw/device?user_code=X');
    // Never another host than the one trusted, whatever the portal answers.
    expect(verificationLinkOn('https://portal.example.com', 'https://evil.example.net/device#x')).toBe(
      'https://portal.example.com/device',
    );
    expect(verificationLinkOn('https://portal.example.com', '/device')).toBe(
      'https://portal.example.com/device',
    );
  });
});

describe('dates the CLI prints', () => {
  const at = '2026-12-02T06:00:00.000Z';
  it('read in the reader’s language, never month first', () => {
    expect(formatDateTime(at, 'zh-CN', 'Asia/Shanghai')).toBe('2026年12月2日 14:00');
    expect(formatDateTime(at, 'en-US', 'Asia/Shanghai')).toBe('2 Dec 2026, 14:00');
    expect(formatDateTime(at, 'en-US', 'UTC')).toBe('2 Dec 2026, 06:00');
  });
});

describe('fwportal login against 127.0.0.1', () => {
  let portal: FleetPortal;
  let session: string;
  beforeAll(async () => {
    ({ portal, session } = await startDeviceLoginPortal());
  });
  afterAll(async () => portal?.close());

  it.each([
    ['en-US', /expires \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}\n/],
    ['zh-CN', /有效期至 \d{4}年\d{1,2}月\d{1,2}日 \d{2}:\d{2}\n/],
  ])('links to the address given and prints the expiry for a %s reader', async (locale, expiry) => {
    expect(portal.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const { out, exited, userCode } = await startDeviceLogin(portal, ['--lang', locale], newConfigHome());

    expect(out.stderr).toContain(`${portal.url}/device?user_code=${userCode}`);
    expect(out.stderr).not.toContain('localhost');
    const approved = await deviceConsoleCall(portal, session, 'approve', {
      userCode,
      token: { name: `fwportal-${locale}`, scopes: ['download'], expiresInDays: 30 },
    });
    expect(approved.status).toBe(200);
    portal.t.clock.advance(30_000);
    expect(await exited).toBe(EXIT.ok);
    expect(out.stdout).toMatch(expiry);
    expect(out.stdout).not.toMatch(/\d{1,2}\/\d{1,2}\/\d{4}|\d{4}-\d{2}-\d{2}T/);
  });
});
