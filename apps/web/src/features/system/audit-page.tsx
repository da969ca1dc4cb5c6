import type { AuditEntry } from '@portal/contract';
import { DatePicker, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '@/components/crud-page/crud-page';
import { PagedTable } from '@/components/paged-table/paged-table';
import { usePagedParams } from '@/components/paged-table/use-paged-params';
import { formatDateTime } from '@/lib/format';
import { type AuditParams, useAuditLog } from './api/audit-and-dashboard';
import { AuditDetail } from './components/audit-detail';
import { auditTargetText } from './utils/audit-detail';

/** /system/audit: who did what to which record, when and from where; searchable, read-only. */
export function AuditPage({ title }: { title: string }) {
  const { t } = useTranslation('system');
  const { params, filter, page } = usePagedParams<AuditParams>();
  const log = useAuditLog(params);
  const columns: TableColumnsType<AuditEntry> = [
    { title: t('audit.time'), dataIndex: 'createTime', render: (_, row) => formatDateTime(row.createTime) },
    { title: t('audit.actor'), dataIndex: 'actorAccount', render: (_, row) => row.actorAccount || '-' },
    {
      title: t('audit.action'),
      dataIndex: 'action',
      // An action this page does not know yet shows as recorded rather than not at all.
      render: (_, row) => t(`audit.actions.${row.action}`, { defaultValue: row.action }),
    },
    {
      title: t('audit.target'),
      key: 'target',
      render: (_, row) => auditTargetText(row, t),
    },
    {
      title: t('audit.detail'),
      dataIndex: 'detail',
      render: (_, row) => <AuditDetail entry={row} />,
    },
    { title: 'IP', dataIndex: 'ip', render: (_, row) => row.ip ?? '-' },
  ];
  return (
    <CrudPage
      title={title}
      testId="audit-page"
      search={{ placeholder: t('audit.search'), onSearch: (q) => filter({ q }), testId: 'audit-search' }}
      toolbar={
        <DatePicker.RangePicker
          onChange={(range) =>
            filter({ from: range?.[0]?.format('YYYY-MM-DD'), to: range?.[1]?.format('YYYY-MM-DD') })
          }
        />
      }
    >
      <PagedTable<AuditEntry>
        testId="audit-table"
        query={log}
        paging={params}
        onPagingChange={page}
        columns={columns}
        totalText={(range) => t('outbox.total', range)}
      />
    </CrudPage>
  );
}
