import * as openpgp from 'openpgp';
import { request as playwrightRequest } from 'playwright-core';
import { apiAs } from './api';
import type { ConsoleSuite, Portal } from './console';

export const REPORTER = { name: '王小明', email: 'finder@example.org', product: 'M7-2U BMC 4.0.1' };
/** Words of the report that must never reach a mail: only the reference goes back. */
export const SUMMARY = 'Redfish overflow, see https://evil.example/win';
export const SECRET = 'Steps: POST /redfish/v1/SessionService with a 70000-byte header.';
/**
 * The PSIRT engineer as the roles mean it: Staff and PSIRT, not a super administrator. The queue
 * and the decryption need psirt:manage, which only the psirt role grants; writing the advisory
 * needs Staff's advisory:write.
 */
export const ENGINEER = { account: 'psirt_lee', password: 'Psirt#Lee2026' };

/**
 * What a reporter does first: fetch the key that security.txt names, and encrypt the report's
 * text to it. The key comes back too, for its fingerprint.
 */
export async function encryptToPublishedKey(portal: Portal, text: string) {
  const securityTxt = await (await fetch(`${portal.url}/.well-known/security.txt`)).text();
  const keyUrl = /^Encryption: (\S+)$/m.exec(securityTxt)?.[1] ?? '';
  const armoredKey = await (await fetch(`${portal.url}${new URL(keyUrl).pathname}`)).text();
  const key = await openpgp.readKey({ armoredKey });
  const armored = await openpgp.encrypt({
    message: await openpgp.createMessage({ text }),
    encryptionKeys: key,
  });
  return { key, armored };
}

/**
 * The administrator adds a PSIRT engineer, as staff accounts are made (the users page's API): an
 * account of the attempt's own, as a retry (CI runs a failed test once more, on the same portal)
 * could not add the first attempt's again.
 */
export async function addEngineer(suite: ConsoleSuite): Promise<typeof ENGINEER> {
  const engineer = { ...ENGINEER, account: `${ENGINEER.account}_${Date.now().toString(36)}` };
  const admin = await apiAs(suite, 'admin');
  await admin('POST', '/sysUser/add', { ...engineer, nickName: 'Lee', roleCodes: ['staff', 'psirt'] });
  return engineer;
}

/** A report as the PSIRT's queue holds it (GET /api/staff/psirt/reports), read as the administrator. */
export async function storedReport(
  suite: ConsoleSuite,
  reference: string,
): Promise<{ encrypted: boolean; body: string; summary: string } | undefined> {
  const admin = await apiAs(suite, 'admin');
  const { rows } = await admin<{
    rows: { reference: string; encrypted: boolean; body: string; summary: string }[];
  }>('GET', '/staff/psirt/reports?pageNo=1&pageSize=50');
  return rows.find((row) => row.reference === reference);
}

/**
 * An encrypted report sent through the public API with a captcha answer, as the disclosure form
 * sends it (psirt-report.test.ts walks the form itself): its reference.
 */
export async function reportThroughApi(portal: Portal): Promise<string> {
  const { armored } = await encryptToPublishedKey(portal, SECRET);
  const visitor = await playwrightRequest.newContext();
  try {
    await visitor.get(`${portal.url}/api/captcha.jpg`);
    const answer = await visitor.post(`${portal.url}/api/psirt/reports?code=${portal.latestCaptcha()}`, {
      data: { ...REPORTER, summary: SUMMARY, body: armored, encrypted: true },
    });
    const body = (await answer.json()) as { success: boolean; message: string; data?: { reference: string } };
    if (!body.success || !body.data) throw new Error(`the report was not accepted: ${body.message}`);
    return body.data.reference;
  } finally {
    await visitor.dispose();
  }
}
