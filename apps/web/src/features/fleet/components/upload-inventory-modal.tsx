import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import {
  INVENTORY_CSV_COLUMNS,
  INVENTORY_UPLOAD_ACCEPT,
  INVENTORY_UPLOAD_LIMITS,
  type InventoryUploadResult,
} from '@portal/contract';
import { Alert, App, Button, Flex, Modal, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureAlert, failureOf } from '@/components/failure-alert';
import { formatNumber } from '@/lib/format';
import { formatSize } from '@/lib/format-size';
import { downloadInventoryTemplate, type InventoryTemplateFormat } from '../api/download-fleet-files';
import { useUploadInventory } from '../api/upload-inventory';
import { UploadPreview } from './upload-preview';

interface Props {
  open: boolean;
  onClose: () => void;
}

/**
 * Choose a CSV or XLSX -> the server checks every line and previews what changes (dryRun=1) -> "Apply"
 * sends it again for real, and only while no line is wrong (the server writes nothing otherwise).
 */
export function UploadInventoryModal({ open, onClose }: Props) {
  const { t } = useTranslation('fleet');
  const { message } = App.useApp();
  const [file, setFile] = useState<File>();
  const [preview, setPreview] = useState<InventoryUploadResult>();
  const [tooLarge, setTooLarge] = useState(false);
  const upload = useUploadInventory();

  const reset = () => {
    setFile(undefined);
    setPreview(undefined);
    setTooLarge(false);
    upload.reset();
  };
  const close = () => {
    reset();
    onClose();
  };
  const choose = (chosen: File) => {
    reset();
    setFile(chosen);
    if (chosen.size > INVENTORY_UPLOAD_LIMITS.bytes) return setTooLarge(true);
    upload.mutate({ file: chosen, dryRun: true }, { onSuccess: setPreview });
  };
  const apply = () => {
    if (!file) return;
    upload.mutate(
      { file, dryRun: false },
      {
        onSuccess: (result) => {
          if (!result.applied) return setPreview(result);
          void message.success(t('upload.applied', { changed: formatNumber(result.changed) }));
          close();
        },
      },
    );
  };
  const downloadTemplate = (format: InventoryTemplateFormat) =>
    downloadInventoryTemplate(format).catch((error: Error) =>
      message.error(t('actions.downloadFailed', { message: error.message })),
    );
  const canApply = Boolean(file && preview && preview.errors.length === 0 && !upload.isPending);

  return (
    <Modal
      open={open}
      title={t('upload.title')}
      onCancel={close}
      width={760}
      destroyOnHidden
      cancelText={t('upload.cancel')}
      okText={t('upload.apply')}
      okButtonProps={{
        disabled: !canApply,
        loading: upload.isPending && upload.variables?.dryRun === false,
        'data-testid': 'upload-apply',
      }}
      onOk={apply}
      data-testid="upload-inventory"
    >
      <Flex vertical gap={16}>
        <Typography.Paragraph style={{ margin: 0 }}>
          {t('upload.intro', { columns: INVENTORY_CSV_COLUMNS.join(', ') })}
        </Typography.Paragraph>
        <Flex wrap gap={12} align="center">
          <Upload
            accept={INVENTORY_UPLOAD_ACCEPT.join(',')}
            showUploadList={false}
            beforeUpload={(chosen) => {
              choose(chosen);
              return Upload.LIST_IGNORE;
            }}
          >
            <Button icon={<UploadOutlined />} type="primary" data-testid="upload-choose">
              {t('upload.choose')}
            </Button>
          </Upload>
          <Button
            type="link"
            icon={<DownloadOutlined />}
            onClick={() => void downloadTemplate('csv')}
            data-testid="upload-template"
          >
            {t('upload.template')}
          </Button>
          <Button
            type="link"
            icon={<DownloadOutlined />}
            onClick={() => void downloadTemplate('xlsx')}
            data-testid="upload-template-xlsx"
          >
            {t('upload.templateXlsx')}
          </Button>
        </Flex>
        {file && <Typography.Text data-testid="upload-file">{file.name}</Typography.Text>}
        {tooLarge && (
          <Alert
            type="error"
            showIcon
            title={t('upload.tooLarge', { size: formatSize(INVENTORY_UPLOAD_LIMITS.bytes) })}
          />
        )}
        {upload.isPending && upload.variables?.dryRun && (
          <Typography.Text type="secondary">{t('upload.checking')}</Typography.Text>
        )}
        <FailureAlert failure={failureOf(upload.error, t('upload.failed'))} gap={0} />
        {preview && <UploadPreview result={preview} />}
      </Flex>
    </Modal>
  );
}
