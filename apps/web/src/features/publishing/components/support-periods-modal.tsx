import type { ModelSupport } from '@portal/contract';
import { App, DatePicker, Modal, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ListTable } from '@/components/list-table/list-table';
import { showFailure } from '@/lib/show-failure';
import { useSetSupportEnd, useSupportPeriods } from '../api/support-periods';

/**
 * Each model's end of security support (CRA Art. 13(19), issue 43 §4): a month and year, shown to
 * customers with the model's firmware, in the catalogue API and the CLI; past it, their servers
 * are "unsupported". Each change is saved at once and audited.
 */
export function SupportPeriodsModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('psirt');
  const { message } = App.useApp();
  const periods = useSupportPeriods();
  const save = useSetSupportEnd();
  const columns: TableColumnsType<ModelSupport> = [
    { title: t('support.model'), key: 'model', render: (_, row) => `${row.code} ${row.name}` },
    {
      title: t('support.end'),
      key: 'end',
      render: (_, row) => (
        <DatePicker
          picker="month"
          allowClear
          aria-label={t('support.endOf', { model: row.code })}
          placeholder={t('support.none')}
          data-testid={`support-end-${row.code}`}
          value={row.securitySupportEnd ? dayjs(`${row.securitySupportEnd}-01`) : null}
          onChange={(value) =>
            save.mutate(
              { id: row.id, end: value ? value.format('YYYY-MM') : null },
              {
                onSuccess: () => void message.success(t('support.saved', { model: row.code })),
                onError: (error) => showFailure(error, message),
              },
            )
          }
        />
      ),
    },
  ];
  return (
    <Modal open width={640} title={t('support.title')} footer={null} onCancel={onClose}>
      <p>{t('support.intro')}</p>
      <ListTable<ModelSupport>
        query={periods}
        columns={columns}
        testId="support-periods-table"
        emptyText={t('support.empty')}
      />
    </Modal>
  );
}
