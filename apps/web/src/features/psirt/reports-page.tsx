import {
  VULNERABILITY_REPORT_STATUSES,
  type VulnerabilityReport,
  type VulnerabilityReportStatus,
} from '@portal/contract';
import { Select, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { actionsColumn } from '@/components/crud-page/actions-column';
import { CrudPage } from '@/components/crud-page/crud-page';
import { RowAction } from '@/components/crud-page/row-action';
import { CompactTable } from '@/components/list-table/compact-table';
import { FailureAlert, failureOf } from '@/components/failure-alert';
import { formatDateTime } from '@/lib/format';
import { useVulnerabilityReports } from './api/vulnerability-reports';
import { ReportDrawer } from './components/report-drawer';

/** /system/psirt-reports (psirt:manage): the vulnerability reports of the public form, newest first. */
export function ReportsPage({ title }: { title: string }) {
  const { t } = useTranslation('psirt');
  const [status, setStatus] = useState<VulnerabilityReportStatus>();
  const [open, setOpen] = useState<VulnerabilityReport>();
  const reports = useVulnerabilityReports(status);
  const columns: TableColumnsType<VulnerabilityReport> = [
    { title: t('queue.column.reference'), dataIndex: 'reference' },
    {
      title: t('queue.column.received'),
      key: 'received',
      render: (_, row) => formatDateTime(row.createTime),
    },
    { title: t('queue.column.product'), dataIndex: 'product' },
    { title: t('queue.column.summary'), dataIndex: 'summary' },
    { title: t('queue.column.reporter'), dataIndex: 'reporterName' },
    {
      title: t('queue.column.status'),
      key: 'status',
      render: (_, row) => (
        <Tag data-testid={`report-status-${row.reference}`}>
          {t(`queue.status.${row.status}`)}
          {row.encrypted ? ` · ${t('queue.encrypted')}` : ''}
        </Tag>
      ),
    },
    actionsColumn<VulnerabilityReport>({
      title: t('art14.column.actions'),
      testId: (row) => `report-actions-${row.reference}`,
      render: (row) => (
        <RowAction onClick={() => setOpen(row)} testId="report-open">
          {t('queue.open')}
        </RowAction>
      ),
    }),
  ];
  return (
    <CrudPage
      title={title}
      testId="psirt-reports-page"
      toolbar={
        <Select
          allowClear
          style={{ width: 200 }}
          aria-label={t('queue.column.status')}
          placeholder={t('queue.allStatuses')}
          value={status}
          onChange={setStatus}
          options={VULNERABILITY_REPORT_STATUSES.map((value) => ({
            value,
            label: t(`queue.status.${value}`),
          }))}
        />
      }
    >
      <FailureAlert failure={failureOf(reports.error)} />
      <CompactTable<VulnerabilityReport>
        testId="psirt-reports-table"
        columns={columns}
        loading={reports.isPending && !reports.isError}
        dataSource={reports.data?.rows ?? []}
        emptyText={t('queue.empty')}
      />
      {open && <ReportDrawer report={open} onClose={() => setOpen(undefined)} />}
    </CrudPage>
  );
}
