import { describe, expect, it } from 'vitest';
import { captchaAnswer, nextMailTo } from './support/account-mail';
import { chooseLanguage, useConsoleSuite } from './support/console';
import { expectAccessible } from './support/page-checks';
import { encryptToPublishedKey, REPORTER, SECRET, storedReport, SUMMARY } from './support/psirt';

/**
 * Coordinated vulnerability disclosure (issue 43 §4), the reporter's side: the public form filled
 * in Chinese with a report encrypted to the PSIRT's published key; the acknowledgement mail
 * carries the reference, not the report. What the PSIRT does with it: psirt-queue.test.ts and
 * psirt-sbom-triage.test.ts. The file writes (a case, mail): a portal of its own.
 */
describe('PSIRT in Chromium: the reporter', () => {
  const suite = useConsoleSuite();

  it('takes an encrypted report through the form and acknowledges it by reference only', async () => {
    const { portal } = suite;
    const { key, armored } = await encryptToPublishedKey(portal, SECRET);

    const reporter = await suite.newPage();
    await reporter.goto(`${portal.url}/security/disclosure`);
    await reporter.getByTestId('disclosure-page').waitFor();
    await chooseLanguage(reporter, 'zh-CN');
    await reporter.getByRole('heading', { name: '协调漏洞披露政策' }).waitFor();
    // The fingerprint shown is the published key's, in groups of four.
    await expect
      .poll(() => reporter.getByTestId('psirt-key-fingerprint').innerText())
      .toBe(
        key
          .getFingerprint()
          .toUpperCase()
          .replace(/(.{4})(?!$)/g, '$1 '),
      );

    await reporter.getByTestId('report-name').fill(REPORTER.name);
    await reporter.getByTestId('report-email').fill(REPORTER.email);
    await reporter.getByTestId('report-product').fill(REPORTER.product);
    await reporter.getByTestId('report-summary').fill(SUMMARY);
    await reporter.getByTestId('report-body').fill(armored);
    await reporter.getByTestId('report-encrypted').check();
    await reporter.locator('#captcha').fill(await captchaAnswer(reporter, portal));
    await expectAccessible(reporter, '[data-testid="report-form"]', 'the filled report form (zh-CN)');
    const mailsBefore = portal.mails().length;
    await reporter.getByTestId('report-submit').click();
    const sent = reporter.getByTestId('report-sent');
    await sent.waitFor();
    const reference = /VR-[2-9A-HJ-NP-Z]{10}/.exec(await sent.innerText())?.[0] ?? '';
    expect(reference).not.toBe('');
    expect(await sent.innerText()).toContain('已收到您的报告');
    await expectAccessible(reporter, '[data-testid="disclosure-page"]', 'the report sent (zh-CN)');

    // The acknowledgement, in the reporter's language: the reference and the policy, nothing of theirs.
    const mail = await nextMailTo(portal, REPORTER.email, mailsBefore);
    expect(mail).toContain(reference);
    expect(mail).toContain('漏洞报告');
    expect(mail).toContain('/security/disclosure');
    for (const theirs of ['evil.example', 'Redfish', 'SessionService', 'PGP', REPORTER.product])
      expect(mail).not.toContain(theirs);

    // The queue holds what the form sent: the armoured message, marked encrypted (the queue's
    // reading and decryption of such a case: psirt-queue.test.ts).
    const stored = await storedReport(suite, reference);
    expect(stored?.encrypted).toBe(true);
    expect(stored?.body).toBe(armored);
    expect(stored?.summary).toBe(SUMMARY);
  });
});
