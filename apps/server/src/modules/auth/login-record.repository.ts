import type { Db } from '../../db/connection';
import { loginRecords } from '../../db/schema';

export type LoginRecordInput = {
  userId: number | null;
  account: string;
  type: 'LOGIN' | 'LOGOUT';
  code: number;
  message: string;
  ip: string;
  userAgent?: string;
  at: Date;
};

export async function insertLoginRecord(db: Db, record: LoginRecordInput): Promise<void> {
  await db.insert(loginRecords).values({
    userId: record.userId,
    account: record.account.slice(0, 64),
    type: record.type,
    success: record.code === 200 ? 1 : 0,
    code: record.code,
    message: record.message,
    ip: record.ip,
    userAgent: record.userAgent ?? null,
    createdAt: record.at,
  });
}
