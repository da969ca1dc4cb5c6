import {
  ADVISORY_PERMISSIONS,
  ADVISORY_STATUSES,
  STAFF_ADVISORY_PARAM,
  type StaffAdvisoryRow,
} from '@portal/contract';
import { Flex, Select, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { actionsColumn } from '@/components/crud-page/actions-column';
import { CrudPage } from '@/components/crud-page/crud-page';
import { PagedTable } from '@/components/paged-table/paged-table';
import { usePagedParams } from '@/components/paged-table/use-paged-params';
import { formatDateTime } from '@/lib/format';
import { useScreens } from '@/lib/use-screens';
import { type StaffAdvisoryParams, useStaffAdvisories } from './api/get-staff-advisories';
import { AdvisoryFormDrawer } from './components/advisory-form-drawer';
import { FormStyleWarmUp } from './components/form-style-warm-up';
import { RejectModal } from './components/reject-modal';
import { DATE_PATTERN } from './components/advisory-table';
import { ReviewActions } from './components/review-actions';
import { pickLanguage } from './utils/pick-language';

const STATUS_COLOURS = { draft: 'default', in_review: 'processing', approved: 'success' } as const;

/** What the form drawer edits: a new advisory, or an existing one by id. */
type Editing = { id?: number } | undefined;

/** /system/advisories: every advisory in any state, written, reviewed and approved here. */
export function StaffAdvisoriesPage({ title }: { title: string }) {
  const { t, i18n } = useTranslation('advisories');
  // A phone shows the title column and the actions only: the ID, the state and the publication go
  // in the title's cell, and the table fits the width. Nine columns scrolled sideways under the
  // pinned actions, and the next column's title peeked out beside them cut (a lone 状 of 状态).
  const phone = useScreens().xs === true;
  // A review notice links here with the advisory's ID: the list opens searched for it.
  const [searchParams] = useSearchParams();
  const [linked] = useState(() => searchParams.get(STAFF_ADVISORY_PARAM)?.trim() || undefined);
  const { params, filter, page } = usePagedParams<StaffAdvisoryParams>({ keyword: linked });
  const list = useStaffAdvisories(params);
  const [editing, setEditing] = useState<Editing>();
  const [rejecting, setRejecting] = useState<StaffAdvisoryRow>();
  /**
   * One honest time: the embargo's end while it is ahead, else when it was first published, else
   * (never published, no embargo) that approval publishes it. A past "publish at" is history the
   * first-published date already tells. The embargo's day only: its minute is in "Visible from",
   * and the whole time twice left the Updated column cut under the actions at 1440 px.
   */
  const publicationOf = (row: StaffAdvisoryRow) => {
    if (row.publishAt && Date.parse(row.publishAt) > Date.now())
      return t('staff.embargoUntil', { time: formatDateTime(row.publishAt, DATE_PATTERN) });
    if (row.firstPublished) return formatDateTime(row.firstPublished, DATE_PATTERN);
    return t('staff.immediately');
  };
  const statusOf = (row: StaffAdvisoryRow) => (
    <Tag color={STATUS_COLOURS[row.status]} data-testid={`advisory-status-${row.advisoryId}`}>
      {t(`status.${row.status}`)}
    </Tag>
  );
  const columns: TableColumnsType<StaffAdvisoryRow> = [
    { title: t('staff.column.id'), dataIndex: 'advisoryId' },
    {
      title: t('staff.column.title'),
      key: 'title',
      render: (_, row) =>
        phone ? (
          <>
            <Typography.Text type="secondary">{row.advisoryId} </Typography.Text>
            {pickLanguage(i18n.resolvedLanguage, row.titleZh, row.titleEn)}
            <Flex gap={8} align="center" wrap style={{ marginTop: 4 }}>
              {statusOf(row)}
              {publicationOf(row)}
            </Flex>
          </>
        ) : (
          <div style={{ minWidth: 200, maxWidth: 280 }}>
            {pickLanguage(i18n.resolvedLanguage, row.titleZh, row.titleEn)}
          </div>
        ),
    },
    {
      title: t('staff.column.status'),
      dataIndex: 'status',
      render: (_, row) => statusOf(row),
    },
    {
      title: t('staff.column.revision'),
      dataIndex: 'revision',
      render: (_, row) =>
        row.revision === 0 ? t('staff.neverPublished') : t('detail.revisionNumber', { number: row.revision }),
    },
    {
      title: t('staff.column.publication'),
      key: 'publication',
      render: (_, row) => publicationOf(row),
    },
    {
      title: t('staff.column.visibleFrom'),
      dataIndex: 'visibleFrom',
      render: (_, row) => formatDateTime(row.visibleFrom) || '-',
    },
    {
      title: t('staff.column.author'),
      dataIndex: 'authorName',
      // The seed's advisories have no author account: the system wrote them.
      render: (_, row) => row.authorName || t('staff.system'),
    },
    {
      title: t('staff.column.reviewer'),
      dataIndex: 'reviewerName',
      render: (_, row) => row.reviewerName ?? '-',
    },
    {
      title: t('staff.column.updated'),
      dataIndex: 'updateTime',
      render: (_, row) => formatDateTime(row.updateTime),
    },
    actionsColumn<StaffAdvisoryRow>({
      title: t('staff.column.actions'),
      testId: (row) => `advisory-actions-${row.advisoryId}`,
      render: (row) => (
        <ReviewActions
          row={row}
          onEdit={() => setEditing({ id: row.id })}
          onReject={() => setRejecting(row)}
        />
      ),
    }),
  ];
  return (
    <CrudPage
      title={title}
      testId="staff-advisories-page"
      create={{
        label: t('staff.new'),
        onClick: () => setEditing({}),
        testId: 'advisory-new',
        permission: ADVISORY_PERMISSIONS.write,
      }}
      search={{
        placeholder: t('staff.search'),
        defaultValue: linked,
        onSearch: (keyword) => filter({ keyword }),
        testId: 'staff-advisory-search',
      }}
      toolbar={
        <Select
          allowClear
          placeholder={t('staff.anyStatus')}
          aria-label={t('staff.column.status')}
          style={{ width: 160 }}
          options={ADVISORY_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))}
          onChange={(status) => filter({ status })}
          data-testid="staff-advisory-status"
        />
      }
    >
      <PagedTable<StaffAdvisoryRow>
        testId="staff-advisory-table"
        query={list}
        paging={params}
        onPagingChange={page}
        columns={phone ? columns.filter(({ key }) => key === 'title' || key === 'actions') : columns}
        scroll={phone ? undefined : { x: 'max-content' }}
        errorTitle={t('staff.loadFailed')}
        emptyText={t('staff.empty')}
      />
      {editing && <AdvisoryFormDrawer id={editing.id} onClose={() => setEditing(undefined)} />}
      {!editing && <FormStyleWarmUp />}
      {rejecting && <RejectModal row={rejecting} onClose={() => setRejecting(undefined)} />}
    </CrudPage>
  );
}
