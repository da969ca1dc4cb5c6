import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { mailOutbox, smsOutbox } from '../db/schema';

/** The newest mail to `recipient` in the outbox (every mail lands there, with or without SMTP). */
export async function lastMailTo(db: Db, recipient: string) {
  const [mail] = await db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.recipient, recipient))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  return mail;
}

export async function lastSmsTo(db: Db, phone: string) {
  const [sms] = await db
    .select()
    .from(smsOutbox)
    .where(eq(smsOutbox.phone, phone))
    .orderBy(desc(smsOutbox.id))
    .limit(1);
  return sms;
}

/** The first run of 6 digits of a message body: the verification code. */
export const codeIn = (text: string | undefined) => text?.match(/\b(\d{6})\b/)?.[1] ?? '';
