import { afterAll, beforeAll } from 'vitest';
import { psirtReports } from '../db/schema';
import { randomCaptchaText } from '../modules/captcha/captcha.service';
import { createUser } from './factories';
import { startSmtpReceiver } from './smtp-receiver';
import { createTestApp, type Driver } from './test-app';

/** Who sends the tests' reports, about what: a test adds the summary and body it is about. */
export const REPORTER = { name: 'Mallory Finder', email: 'finder@example.com', product: 'M7-2U BMC 4.0.1' };

/**
 * A portal taking vulnerability reports through the public form (issue 43 §4), as the tests of the
 * form open it: the captcha on, every text it issues remembered, mail going to a local SMTP
 * receiver. `send` posts a report as the form does, `stored` reads what reached the PSIRT queue,
 * `sessionOf` signs in a new user of the roles (directly: this portal asks a captcha at sign-in).
 */
export async function reportForm(driver: Driver) {
  const smtp = await startSmtpReceiver();
  const issued: string[] = [];
  const t = await createTestApp(driver, {
    config: { CAPTCHA: true, SMTP_URL: smtp.url },
    captchaText: () => {
      const text = randomCaptchaText();
      issued.push(text);
      return text;
    },
  });
  /** A report with a fresh captcha, answered right unless `answer` says otherwise, from `from`. */
  const send = async (body: object, options: { answer?: string; from?: string; locale?: string } = {}) => {
    const captcha = await t.app.inject({ url: '/api/captcha.jpg', remoteAddress: options.from });
    const cookie = captcha.cookies.find((c) => c.name === 'portal_captcha');
    const code = options.answer ?? issued.at(-1) ?? '';
    return t.app.inject({
      method: 'POST',
      url: `/api/psirt/reports?code=${code}&locale=${options.locale ?? 'zh-CN'}`,
      headers: { cookie: `portal_captcha=${cookie?.value}` },
      remoteAddress: options.from,
      payload: body,
    });
  };
  const stored = () => t.db.select().from(psirtReports);
  const sessionOf = async (roleCodes: string[]) =>
    t.app.services.sessions.create((await createUser(t.db, { roleCodes })).id, { ip: '127.0.0.1' });
  const close = async () => {
    await t.close();
    await smtp.close();
  };
  return { t, smtp, send, stored, sessionOf, close };
}
export type ReportForm = Awaited<ReturnType<typeof reportForm>>;

/** `reportForm` opened before the block's tests and closed after them: `use` receives it. */
export function reportFormForBlock(driver: Driver, use: (form: ReportForm) => void) {
  let form: ReportForm | undefined;
  beforeAll(async () => {
    form = await reportForm(driver);
    use(form);
  });
  afterAll(() => form?.close());
}
