import type { TFunction } from 'i18next';
import { formatDateTime } from '@/lib/format';

/** Every key the server writes into an audit entry's detail; each has a label in both languages. */
export const AUDIT_DETAIL_FIELDS = [
  'account',
  'advisoryId',
  'adminType',
  'after',
  'appCode',
  'approvedBy',
  'before',
  'byAdvisory',
  'changed',
  'code',
  'comment',
  'company',
  'component',
  'contractNo',
  'createTime',
  'descriptionEn',
  'descriptionZh',
  'email',
  'fileName',
  'from',
  'grants',
  'hideChildren',
  'icon',
  'id',
  'industry',
  'installOrder',
  'itemId',
  'items',
  'lines',
  'link',
  'linkValidMinutes',
  'menuIds',
  'name',
  'nameEn',
  'nameZh',
  'nickName',
  'nodes',
  'notified',
  'origin',
  'pageNo',
  'path',
  'permissionCodes',
  'phone',
  'pid',
  'prefix',
  'preRelease',
  'prerequisites',
  'reason',
  'rebootRequired',
  'redirect',
  'revision',
  'revisionSummary',
  'roles',
  'rows',
  'serials',
  'show',
  'size',
  'sn',
  'sort',
  'status',
  'target',
  'titleEn',
  'titleZh',
  'to',
  'tokenId',
  'typeId',
  'verify',
  'version',
  'versionIds',
  'visibleFrom',
  'visibility',
  'webhookId',
] as const;

/** Why a sign-in failed, as the server records it (its message key: every AppError of its path). */
export const AUDIT_LOGIN_FAILURE_REASONS = [
  'ACCOUNT_PASSWORD_EMPTY',
  'TOO_MANY_REQUESTS',
  'ACCOUNT_PASSWORD_WRONG',
  'ACCOUNT_LOCKED',
  'ACCOUNT_FROZEN',
  'CAPTCHA_WRONG',
] as const;

export interface AuditDetailLine {
  key: string;
  label: string;
  value: string;
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/**
 * An audit entry's detail as labelled lines in the reader's language: field names, yes/no,
 * local times and known codes read as words; `before` and `after` become one line each.
 */
export function auditDetailLines(
  action: string,
  detail: Record<string, unknown>,
  t: TFunction<'system'>,
): AuditDetailLine[] {
  const label = (key: string) => t(`audit.fields.${key}`, { defaultValue: key });
  const text = (key: string, value: unknown): string => {
    if (value === null || value === undefined || value === '') return '-';
    if (typeof value === 'boolean') return value ? t('admin.yes') : t('admin.no');
    if (Array.isArray(value)) {
      const items =
        key === 'changed' ? value.map((field) => label(String(field))) : value.map((v) => text('', v));
      return items.length > 0 ? items.join(', ') : '-';
    }
    if (typeof value === 'object') {
      return Object.entries(value as Record<string, unknown>)
        .map(([inner, v]) => `${label(inner)}: ${text(inner, v)}`)
        .join('; ');
    }
    const plain = String(value);
    if (key === 'reason' && action === 'login.failure')
      return t(`audit.reasons.${plain}`, { defaultValue: plain });
    if (key === 'adminType') return t(`users.adminType.${plain}`, { defaultValue: plain });
    if (key === 'visibility') return t(`audit.visibility.${plain}`, { defaultValue: plain });
    if (key === 'status' && action.startsWith('advisory.'))
      return t(`audit.advisoryStatus.${plain}`, { defaultValue: plain });
    if (typeof value === 'string' && ISO_INSTANT.test(value)) return formatDateTime(value) || plain;
    return plain;
  };
  return (
    Object.entries(detail)
      // A failed sign-in's numeric code says what its reason already says in words.
      .filter(([key]) => !(action === 'login.failure' && key === 'code' && 'reason' in detail))
      .map(([key, value]) => ({ key, label: label(key), value: text(key, value) }))
  );
}

/**
 * What an entry is about: its kind and record number, or for an advisory its public id
 * (VENDOR-SA-2026-0004), which every advisory entry's detail carries; the number is internal.
 */
export function auditTargetText(
  entry: { targetType: string; targetId: string; detail: Record<string, unknown> },
  t: TFunction<'system'>,
): string {
  const kind = t(`audit.targets.${entry.targetType}`, { defaultValue: entry.targetType });
  const { advisoryId } = entry.detail;
  if (entry.targetType === 'advisory' && typeof advisoryId === 'string' && advisoryId)
    return `${kind} ${advisoryId}`;
  return `${kind} #${entry.targetId}`;
}
