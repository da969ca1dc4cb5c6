import type { TranslationsOf } from '../types';
import type { system as reference } from '../zh-CN/system';

export const system: TranslationsOf<typeof reference> = {
  'outbox.channel.mail': 'Mail',
  'outbox.channel.sms': 'SMS',
  'outbox.column.recipient': 'Recipient',
  'outbox.column.subject': 'Subject',
  'outbox.column.message': 'Message',
  'outbox.column.status': 'Status',
  'outbox.column.time': 'Time',
  'outbox.status.sent': 'Sent',
  'outbox.status.logged': 'Logged only (no delivery channel configured)',
  'outbox.status.failed': 'Failed',
  'outbox.empty': 'Nothing has been sent yet',
  'outbox.loadFailed': 'The outbox could not be loaded',
  'outbox.total': '{{from}}-{{to}} total {{total}} records',
};
