import type { Art14Case } from '@portal/contract';
import { type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { actionsColumn } from '@/components/crud-page/actions-column';
import { CrudPage } from '@/components/crud-page/crud-page';
import { RowAction } from '@/components/crud-page/row-action';
import { ListTable } from '@/components/list-table/list-table';
import { formatDateTime } from '@/lib/format';
import { useArt14Cases } from './api/get-art14-cases';
import { Art14CaseDrawer } from './components/art14-case-drawer';
import { ExportModal } from './components/export-modal';
import { StageState } from './components/stage-state';
import { SubmissionModal } from './components/submission-modal';

type Open = { what: 'new' } | { what: 'edit' | 'submit' | 'export'; item: Art14Case } | undefined;

/**
 * /system/psirt (psirt:manage): the CRA Art. 14 dashboard. Every case with its three deadlines,
 * the most urgent first; overdue reports are red with an icon and say so in words.
 */
export function Art14Page({ title }: { title: string }) {
  const { t, i18n } = useTranslation('psirt');
  const cases = useArt14Cases();
  const [open, setOpen] = useState<Open>();
  const english = i18n.resolvedLanguage === 'en-US';
  const columns: TableColumnsType<Art14Case> = [
    {
      title: t('art14.column.advisory'),
      key: 'advisory',
      render: (_, row) => (
        <div style={{ minWidth: 180, maxWidth: 280 }}>
          <Typography.Text strong>{row.advisoryId}</Typography.Text>
          <div>{english ? row.titleEn : row.titleZh}</div>
          <Typography.Text type="secondary">{row.cves.join(', ')}</Typography.Text>
        </div>
      ),
    },
    { title: t('art14.column.kind'), key: 'kind', render: (_, row) => t(`art14.kind.${row.kind}`) },
    { title: t('art14.column.awareAt'), key: 'awareAt', render: (_, row) => formatDateTime(row.awareAt) },
    ...(['earlyWarning', 'notification', 'finalReport'] as const).map((stage, index) => ({
      title: t(`art14.stage.${stage}`),
      key: stage,
      render: (_: unknown, row: Art14Case) => {
        const entry = row.stages[index];
        return entry && <StageState stage={entry} testId={`art14-${row.advisoryId}-${stage}`} />;
      },
    })),
    {
      title: t('art14.column.fix'),
      key: 'fix',
      render: (_, row) => (
        <div>
          <div>
            {row.fixAvailableAt
              ? t('art14.fix.available', { time: formatDateTime(row.fixAvailableAt) })
              : t('art14.fix.none')}
          </div>
          <div>
            {row.customersNotifiedAt
              ? t('art14.fix.notified', { time: formatDateTime(row.customersNotifiedAt) })
              : t('art14.fix.notNotified')}
          </div>
        </div>
      ),
    },
    actionsColumn<Art14Case>({
      title: t('art14.column.actions'),
      testId: (row) => `art14-actions-${row.advisoryId}`,
      render: (row) => (
        <>
          <RowAction onClick={() => setOpen({ what: 'submit', item: row })} testId="art14-submit">
            {t('art14.action.submit')}
          </RowAction>
          <RowAction onClick={() => setOpen({ what: 'export', item: row })} testId="art14-export">
            {t('art14.action.export')}
          </RowAction>
          <RowAction onClick={() => setOpen({ what: 'edit', item: row })} testId="art14-edit">
            {t('art14.action.edit')}
          </RowAction>
        </>
      ),
    }),
  ];
  const close = () => setOpen(undefined);
  return (
    <CrudPage
      title={title}
      testId="art14-page"
      create={{ label: t('art14.open'), onClick: () => setOpen({ what: 'new' }), testId: 'art14-open' }}
    >
      <Typography.Paragraph type="secondary">{t('art14.intro')}</Typography.Paragraph>
      <ListTable<Art14Case>
        query={cases}
        columns={columns}
        testId="art14-table"
        emptyText={t('art14.empty')}
      />
      {open?.what === 'new' && <Art14CaseDrawer onClose={close} />}
      {open?.what === 'edit' && <Art14CaseDrawer editing={open.item} onClose={close} />}
      {open?.what === 'submit' && <SubmissionModal item={open.item} onClose={close} />}
      {open?.what === 'export' && <ExportModal item={open.item} onClose={close} />}
    </CrudPage>
  );
}
