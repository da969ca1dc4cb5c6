import type { Locale } from '@portal/contract';
import type { Db } from '../../db/connection';
import { loginRecords } from '../../db/schema';
import type { MessageParams } from '../../lib/app-error';
import { type MessageKey, translate } from '../../lib/i18n/messages';

export type LoginRecordInput = {
  userId: number | null;
  account: string;
  type: 'LOGIN' | 'LOGOUT';
  code: number;
  message: { key: MessageKey; params?: MessageParams; locale: Locale };
  ip: string;
  userAgent?: string;
  at: Date;
};

export async function insertLoginRecord(db: Db, record: LoginRecordInput): Promise<void> {
  const { key, params = {}, locale } = record.message;
  await db.insert(loginRecords).values({
    userId: record.userId,
    account: record.account.slice(0, 64),
    type: record.type,
    success: record.code === 200 ? 1 : 0,
    code: record.code,
    message: translate(locale, key, params),
    messageKey: key,
    messageParams: params,
    ip: record.ip,
    userAgent: record.userAgent ?? null,
    createdAt: record.at,
  });
}
