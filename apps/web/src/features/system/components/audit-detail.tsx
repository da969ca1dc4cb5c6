import type { AuditEntry } from '@portal/contract';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { auditDetailLines } from '../utils/audit-detail';

type Names = NonNullable<AuditEntry['names']>;

/**
 * The detail with the codes and ids the server named (roles, permissions, menus) replaced by
 * their names in the reader's language, nested values (before/after) too. A role entry's own
 * `code` reads as its role.
 */
export function namedDetail(detail: Record<string, unknown>, names: Names = {}): Record<string, unknown> {
  const named = (key: string, value: unknown): unknown => {
    if (Array.isArray(value)) return value.map((item) => named(key, item));
    if (value !== null && typeof value === 'object')
      return namedDetail(value as Record<string, unknown>, names);
    if (typeof value !== 'string' && typeof value !== 'number') return value;
    return names[key]?.[String(value)] ?? value;
  };
  return Object.fromEntries(
    Object.entries(detail).map(([key, value]) => {
      const roleCode = key === 'code' && names.code?.[String(value)] !== undefined;
      return [roleCode ? 'role' : key, named(key, value)];
    }),
  );
}

/** An audit entry's detail as labelled lines, in full in the tooltip when the cell cuts it. */
export function AuditDetail({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('system');
  const lines = auditDetailLines(entry.action, namedDetail(entry.detail, entry.names), t);
  if (lines.length === 0) return <Typography.Text type="secondary">-</Typography.Text>;
  const whole = lines.map((line) => `${line.label}: ${line.value}`).join('\n');
  return (
    <Typography.Paragraph
      type="secondary"
      ellipsis={{ rows: 3, tooltip: <span style={{ whiteSpace: 'pre-wrap' }}>{whole}</span> }}
      style={{ maxWidth: 420, marginBottom: 0, whiteSpace: 'pre-line' }}
      data-testid="audit-detail"
    >
      {whole}
    </Typography.Paragraph>
  );
}
