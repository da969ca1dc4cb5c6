import { type Locale, matchLocale } from '@portal/contract';
import { and, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { translate } from '../../lib/i18n/messages';
import type { MailService } from './mail.service';

type Mail = { subject: string; text: string };

/**
 * Sends a code to `email`, unless the address belongs to an account (other than
 * `exceptUserId`): its owner then gets a "you already have an account" warning in their own
 * language instead. The caller answers the same either way, so nobody learns through a code
 * form which addresses are registered. A mail that cannot be sent is VERIFY_CODE_SEND_FAILED.
 */
export async function mailCodeOrOwnerWarning(
  deps: { db: Db; mail: MailService; publicUrl: string },
  email: string,
  options: { locale: Locale; exceptUserId?: number; codeMail: (locale: Locale) => Mail },
): Promise<void> {
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
  try {
    await deps.mail.send({ to: email, ...mail });
  } catch {
    throw new AppError('VERIFY_CODE_SEND_FAILED');
  }
}
