import {
  VULNERABILITY_REPORT_LIMITS,
  VULNERABILITY_REPORT_STATUSES,
  type VulnerabilityReport,
  type VulnerabilityReportUpdate,
} from '@portal/contract';
import { Button, Descriptions, Form, Input, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDrawer } from '@/components/form-overlay/form-drawer';
import { useFormSave } from '@/components/form-overlay/use-form-save';
import { formatDateTime } from '@/lib/format';
import { useDecryptReport, useUpdateReport } from '../api/vulnerability-reports';

/**
 * One report as the reporter sent it (untrusted: plain text in a <pre>, never markup; an encrypted
 * one is its armour, which the server decrypts with the PSIRT's key on demand, audited) and its
 * triage: status and note.
 */
export function ReportDrawer({ report, onClose }: { report: VulnerabilityReport; onClose: () => void }) {
  const { t } = useTranslation('psirt');
  const [form] = Form.useForm<VulnerabilityReportUpdate>();
  const { overlay, save } = useFormSave(form, useUpdateReport(), t('queue.saved'), onClose);
  const decrypt = useDecryptReport();
  return (
    <FormDrawer
      {...overlay}
      size="large"
      title={t('queue.drawerTitle', { reference: report.reference })}
      saveText={t('queue.save')}
      saveTestId="report-save"
    >
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('queue.column.reporter')}>
          {report.reporterName} &lt;{report.reporterEmail}&gt;
        </Descriptions.Item>
        <Descriptions.Item label={t('queue.column.product')}>{report.product}</Descriptions.Item>
        <Descriptions.Item label={t('queue.column.summary')}>{report.summary}</Descriptions.Item>
        <Descriptions.Item label={t('queue.column.received')}>
          {formatDateTime(report.createTime)}
        </Descriptions.Item>
        <Descriptions.Item label={t('queue.acknowledged')}>
          {report.acknowledgedAt ? formatDateTime(report.acknowledgedAt) : t('queue.notAcknowledged')}
        </Descriptions.Item>
      </Descriptions>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {report.encrypted ? t('queue.bodyEncrypted') : t('queue.body')}
      </Typography.Title>
      <pre
        data-testid="report-body-text"
        tabIndex={0}
        style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', maxHeight: 360, overflow: 'auto' }}
      >
        {report.body}
      </pre>
      {report.encrypted && (
        <>
          {decrypt.data ? (
            <>
              <Typography.Title level={5}>{t('queue.decrypted')}</Typography.Title>
              <pre
                data-testid="report-plaintext"
                tabIndex={0}
                style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', maxHeight: 360, overflow: 'auto' }}
              >
                {decrypt.data.text}
              </pre>
            </>
          ) : (
            <Button
              data-testid="report-decrypt"
              loading={decrypt.isPending}
              onClick={() => decrypt.mutate(report.id)}
            >
              {t('queue.decrypt')}
            </Button>
          )}
          <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
            {t('queue.decryptNote')}
          </Typography.Paragraph>
        </>
      )}
      <Form
        form={form}
        layout="vertical"
        initialValues={{ status: report.status, staffNote: report.staffNote, advisoryPk: report.advisoryPk }}
        onFinish={(input) => save({ id: report.id, input })}
      >
        <Form.Item name="status" label={t('queue.column.status')}>
          <Select
            data-testid="report-status"
            options={VULNERABILITY_REPORT_STATUSES.map((status) => ({
              value: status,
              label: t(`queue.status.${status}`),
            }))}
          />
        </Form.Item>
        <Form.Item name="staffNote" label={t('queue.note')}>
          <Input.TextArea rows={3} maxLength={VULNERABILITY_REPORT_LIMITS.staffNote} />
        </Form.Item>
        <Form.Item name="advisoryPk" hidden>
          <Input />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
}
