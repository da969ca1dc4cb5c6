import type { AuditEntry } from '@portal/contract';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { auditDetailLines } from '../utils/audit-detail';

/** An audit entry's detail as labelled lines, in full in the tooltip when the cell cuts it. */
export function AuditDetail({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('system');
  const lines = auditDetailLines(entry.action, entry.detail, t);
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
