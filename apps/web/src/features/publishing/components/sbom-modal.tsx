import { UploadOutlined } from '@ant-design/icons';
import { type PublishVersion, SBOM_MAX_BYTES } from '@portal/contract';
import {
  Alert,
  App,
  Button,
  Descriptions,
  Modal,
  Popconfirm,
  Skeleton,
  Space,
  Typography,
  Upload,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureAlert, failureOf } from '@/components/failure-alert';
import { formatDateTime, formatNumber } from '@/lib/format';
import { formatSize } from '@/lib/format-size';
import { sbomProblemsOf, useDeleteSbom, usePublishSbom, useUploadSbom } from '../api/version-sbom';

const MAX_MB = SBOM_MAX_BYTES / 1024 / 1024;

/**
 * A version's SBOM for staff (issue 43): what is attached, and attaching (or replacing) one:
 * CycloneDX 1.6/1.5 or SPDX 2.3 JSON, checked by the server, every problem of a refused one
 * listed with its place in the document.
 */
export function SbomModal({ version, onClose }: { version: PublishVersion; onClose: () => void }) {
  const { t } = useTranslation('publishing');
  const { message } = App.useApp();
  const current = usePublishSbom(version.id);
  const upload = useUploadSbom();
  const remove = useDeleteSbom();
  const [refusal, setRefusal] = useState<{
    message: string;
    problems: { field: string; message: string }[];
  } | null>(null);
  const send = (file: File) => {
    setRefusal(null);
    if (file.size > SBOM_MAX_BYTES) {
      setRefusal({ message: t('sbom.tooLarge', { max: MAX_MB }), problems: [] });
      return;
    }
    upload.mutate(
      { versionId: version.id, file },
      {
        onSuccess: () => void message.success(t('sbom.attached', { version: version.version })),
        onError: (error) => setRefusal({ message: error.message, problems: sbomProblemsOf(error) }),
      },
    );
  };
  const summary = current.data;
  return (
    <Modal
      open
      title={t('sbom.title', { version: version.version })}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('sbom.close')}</Button>}
      destroyOnHidden
    >
      {current.isPending && <Skeleton active />}
      <FailureAlert failure={failureOf(current.error)} gap={0} />
      {summary === null && (
        <Typography.Paragraph data-testid="sbom-none">{t('sbom.none')}</Typography.Paragraph>
      )}
      {summary && (
        <Descriptions
          size="small"
          column={1}
          bordered
          data-testid="sbom-summary"
          style={{ marginBottom: 16 }}
        >
          <Descriptions.Item label={t('sbom.format')}>
            {t(`sbom.formats.${summary.format}`, { version: summary.specVersion })}
          </Descriptions.Item>
          <Descriptions.Item label={t('sbom.components')}>
            {formatNumber(summary.components)}
          </Descriptions.Item>
          <Descriptions.Item label={t('sbom.file')}>
            {summary.fileName} ({formatSize(summary.size)})
          </Descriptions.Item>
          <Descriptions.Item label={t('sbom.attachedAt')}>
            {formatDateTime(summary.attachedAt)}
          </Descriptions.Item>
          {summary.sha512Filled && (
            <Descriptions.Item label="SHA-512">{t('sbom.sha512Filled')}</Descriptions.Item>
          )}
        </Descriptions>
      )}
      <Typography.Paragraph type="secondary">{t('sbom.hint', { max: MAX_MB })}</Typography.Paragraph>
      <Space wrap>
        <Upload
          accept=".json,application/json"
          showUploadList={false}
          beforeUpload={(file) => {
            send(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={upload.isPending} data-testid="sbom-choose">
            {t(summary ? 'sbom.replace' : 'sbom.attach')}
          </Button>
        </Upload>
        {summary && (
          <Popconfirm
            title={t('sbom.removeConfirm', { version: version.version })}
            onConfirm={() =>
              remove.mutate(version.id, {
                onError: (error) => void message.error(error.message),
              })
            }
          >
            <Button danger data-testid="sbom-remove">
              {t('sbom.remove')}
            </Button>
          </Popconfirm>
        )}
      </Space>
      {refusal && (
        <Alert
          type="error"
          showIcon
          style={{ marginTop: 16 }}
          data-testid="sbom-refusal"
          title={refusal.problems.length > 0 ? t('sbom.refused') : refusal.message}
          description={
            refusal.problems.length > 0 && (
              <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                {refusal.problems.map((problem) => (
                  <li key={`${problem.field} ${problem.message}`}>
                    <Typography.Text code>{problem.field}</Typography.Text> {problem.message}
                  </li>
                ))}
              </ul>
            )
          }
        />
      )}
    </Modal>
  );
}
