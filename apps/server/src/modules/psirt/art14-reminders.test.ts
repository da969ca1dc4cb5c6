import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories';
import { draftAdvisory } from '../../test/psirt-fixtures';
import { mailText, startSmtpReceiver, type ReceivedMail } from '../../test/smtp-receiver';
import { createTestApp, DRIVERS, type TestApp } from '../../test/test-app';
import { Art14Reminders } from './art14-reminders';

const NOW = new Date('2026-11-02T10:00:00Z');
const HOUR = 3_600_000;

describe.each(DRIVERS)('Art. 14 reminder mails on %s', (driver) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    t = await createTestApp(driver, { now: NOW, config: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const to = (address: string) => smtp.received.filter((mail: ReceivedMail) => mail.to.includes(address));

  it('mails the PSIRT once before each deadline, never a lesser staff role, and once across two processes', async () => {
    const psirt = await createUser(t.db, { roleCodes: ['psirt'], email: 'psirt@example.com' });
    await createUser(t.db, { roleCodes: ['staff'], email: 'staff@example.com' });
    await t.db.execute(`update users set locale = 'en-US' where id = ${psirt.id}`);
    const advisory = await draftAdvisory(t);
    const { art14, art14Reminders } = t.app.services;
    await art14.open(psirt.id, advisory.id, {
      kind: 'exploitedVulnerability',
      awareAt: new Date(NOW.getTime() - HOUR).toISOString(),
      exploitNature: '',
      correctiveMeasures: '',
      memberStates: [],
      suspectedMalicious: null,
    });

    // The early warning is due 23 h from now: outside its 6 h lead.
    expect(await art14Reminders.run()).toBe(0);
    t.clock.advance(18 * HOUR);
    expect(await art14Reminders.run()).toBe(1);
    expect(await art14Reminders.run()).toBe(0);
    expect(to('psirt@example.com')).toHaveLength(1);
    const mail = to('psirt@example.com')[0];
    expect(mail?.raw).toContain('Subject: CRA Art. 14: Early warning (CRA Art. 14) for');
    expect(mailText(mail?.raw ?? '')).toContain('is due 2026-11-03 09:00 UTC');
    expect(mailText(mail?.raw ?? '')).toContain('/system/psirt');
    expect(to('staff@example.com')).toEqual([]);

    // 47 h in: the notification enters its 24 h lead; a second process runs the same round.
    t.clock.advance(29 * HOUR);
    const other = new Art14Reminders(t.db, art14, t.app.services.mail, t.app.log, 'http://localhost');
    const rounds = await Promise.all([art14Reminders.run(), other.run()]);
    expect(rounds[0] + rounds[1]).toBe(1);
    expect(to('psirt@example.com')).toHaveLength(2);
    expect(to('psirt@example.com')[1]?.raw).toContain('Notification (CRA Art. 14)');
  });
});
