import { type Locale, matchLocale, VERIFY_CODE_TTL_MS, type VerifyCodeSent } from '@portal/contract';
import { and, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { users } from '../../db/schema';
import { translate } from '../../lib/i18n/messages';
import { mailedCodeAnswer } from '../account/account-code-mailer';
import type { MailService } from './mail.service';

type Mail = { subject: string; text: string };

/**
 * Sends a code to `email`, unless the address belongs to an account (other than
 * `exceptUserId`): its owner then gets a "you already have an account" warning in their own
 * language instead. The answer is the same either way (both mails go to the same address
 * through the same server, so "delivery delayed" does not tell them apart either), and nobody
 * learns through a code form which addresses are registered.
 */
export async function mailCodeOrOwnerWarning(
  deps: { db: Db; mail: MailService; publicUrl: string },
  email: string,
  options: { locale: Locale; exceptUserId?: number; codeMail: (locale: Locale) => Mail },
): Promise<VerifyCodeSent> {
  const sameAddress = sql`lower(${users.email}) = ${email}`;
  const [owner] = await deps.db
    .select({ account: users.account, locale: users.locale })
    .from(users)
    .where(
      options.exceptUserId === undefined ? sameAddress : and(sameAddress, ne(users.id, options.exceptUserId)),
    )
    .limit(1);
  const ownerLocale = matchLocale(owner?.locale) ?? options.locale;
  const mail = owner
    ? {
        subject: translate(ownerLocale, 'MAIL_REGISTER_EXISTING_SUBJECT'),
        text: translate(ownerLocale, 'MAIL_REGISTER_EXISTING_TEXT', {
          account: owner.account,
          link: `${deps.publicUrl}/user/recover`,
        }),
      }
    : options.codeMail(options.locale);
  // The warning expires like the code it stands in for: late, it would only puzzle its reader.
  const outcome = await deps.mail.send({ to: email, ...mail, validForMs: VERIFY_CODE_TTL_MS });
  return mailedCodeAnswer(outcome, email, options.locale);
}
