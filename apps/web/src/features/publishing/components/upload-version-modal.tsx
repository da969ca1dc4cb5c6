import {
  isPublishableFileName,
  PUBLISH_FILE_CATEGORIES,
  PUBLISH_FILE_EXTENSIONS,
  PUBLISH_SERVER_FIRMWARE_KINDS,
  PUBLISH_SEVERITIES,
  type PublishItem,
  type PublishVersionMeta,
  VERSION_PATTERN,
} from '@portal/contract';
import { buildFileName, cliBuildPlatform } from '@portal/contract/cli-builds';
import { App, DatePicker, Form, Input, Progress, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUploadVersion } from '../api/upload-version';
import { FormModal } from '@/components/form-overlay/form-modal';
import { SwitchField } from '@/components/switch-field';
import { fieldErrorsOf } from '@/lib/api-error';
import { requiredText } from '@/lib/form-rules';
import { showFailure } from '@/lib/show-failure';
import { SingleFileField, useChosenFile } from './single-file-field';
import { UpdatePlanFields } from './update-plan-fields';

type FormValues = Omit<PublishVersionMeta, 'releaseDate'> & { releaseDate: Dayjs };

const defaultCategory = (kind: string): PublishVersionMeta['fileCategory'] => {
  if (kind === 'DOCUMENT') return 'document';
  if (kind === 'LIVECD') return 'image';
  if (kind === 'CONFIG') return 'config';
  return PUBLISH_SERVER_FIRMWARE_KINDS.includes(kind) || kind === 'PCIE' ? 'firmware' : 'software';
};

/** A release signature (`.sig` of `npm run build:cli-binaries`): a raw Ed25519 signature. */
const RELEASE_SIGNATURE_BYTES = 64;

/**
 * A new version of `item` as a draft: metadata, then the archive streamed to the server with a
 * progress bar. Cancelling aborts the transfer; the server keeps nothing of it. A version of an
 * fwportal build item is the executable with its release signature (issue 44).
 */
export function UploadVersionModal({ item, onClose }: { item: PublishItem; onClose: () => void }) {
  const { t } = useTranslation('publishing');
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const file = useChosenFile();
  const signature = useChosenFile();
  const buildPlatform = cliBuildPlatform(item.code);
  const version = Form.useWatch('version', form) as string | undefined;
  const [progress, setProgress] = useState(0);
  const transfer = useRef<AbortController | null>(null);
  const upload = useUploadVersion({
    onSuccess: (version) => {
      void message.success(t('upload.done', { version: version.version }));
      onClose();
    },
    onError: (error: Error) => {
      // A cancelled transfer is the user's own choice.
      if (error.name === 'AbortError') return;
      // The two files are not form fields: their refusals go under their pickers.
      const problems = fieldErrorsOf(error);
      const fileProblem = problems.find((problem) => problem.field === 'file');
      const signatureProblem = problems.find((problem) => problem.field === 'signature');
      if (fileProblem) file.setError(fileProblem.message);
      if (signatureProblem) signature.setError(signatureProblem.message);
      if (!fileProblem && !signatureProblem) showFailure(error, message, form);
    },
  });
  const isServerFirmware = PUBLISH_SERVER_FIRMWARE_KINDS.includes(item.kind);

  const submit = (values: FormValues) => {
    if (!file.file) {
      file.setError(t('upload.fileRequired'));
      return;
    }
    if (buildPlatform && !signature.file) {
      signature.setError(t('upload.signatureRequired'));
      return;
    }
    transfer.current = new AbortController();
    setProgress(0);
    upload.mutate({
      itemId: item.id,
      meta: {
        ...values,
        releaseDate: values.releaseDate.format('YYYY-MM-DD'),
        // Unticked: the server decides (a SemVer pre-release part such as -rc1 marks it).
        preRelease: values.preRelease ? true : undefined,
      },
      file: file.file,
      signature: buildPlatform ? signature.file : null,
      signal: transfer.current.signal,
      onProgress: (sent, total) => setProgress(total > 0 ? Math.floor((sent / total) * 100) : 0),
    });
  };
  const cancel = () => {
    transfer.current?.abort();
    onClose();
  };

  return (
    <FormModal
      title={t('upload.title', { name: item.code })}
      form={form}
      saveText={t('upload.submit')}
      saving={upload.isPending}
      saveTestId="upload-submit"
      onClose={cancel}
      width={640}
      destroyOnHidden
    >
      <Form<FormValues>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{
          releaseDate: dayjs(),
          fileCategory: defaultCategory(item.kind),
          severity: 'optional',
          cves: [],
          models: [],
          parts: [],
          securityFix: false,
          rebootRequired: false,
          prerequisites: [],
          installOrder: null,
        }}
        data-testid="upload-form"
      >
        <Space wrap>
          <Form.Item
            name="version"
            label={t('upload.version')}
            rules={[
              requiredText(t('upload.versionRequired')),
              { pattern: VERSION_PATTERN, message: t('upload.versionFormat') },
            ]}
          >
            <Input maxLength={64} style={{ width: 180 }} data-testid="upload-version" />
          </Form.Item>
          <Form.Item name="releaseDate" label={t('upload.releaseDate')} rules={[{ required: true }]}>
            <DatePicker allowClear={false} />
          </Form.Item>
          <Form.Item name="fileCategory" label={t('upload.fileCategory')}>
            <Select
              style={{ width: 150 }}
              options={PUBLISH_FILE_CATEGORIES.map((value) => ({ value, label: t(`category.${value}`) }))}
            />
          </Form.Item>
        </Space>
        <Space wrap>
          {/* A build's os and platform are its item's: the server sets them. */}
          {!buildPlatform && (
            <Form.Item name="os" label={t('upload.os')}>
              <Input maxLength={64} style={{ width: 180 }} />
            </Form.Item>
          )}
          {!buildPlatform && (
            <Form.Item name="arch" label={t('upload.arch')}>
              <Input maxLength={32} style={{ width: 140 }} />
            </Form.Item>
          )}
          <Form.Item name="severity" label={t('upload.severity')}>
            <Select
              style={{ width: 150 }}
              options={PUBLISH_SEVERITIES.map((value) => ({ value, label: t(`severity.${value}`) }))}
            />
          </Form.Item>
          <SwitchField name="securityFix" label={t('upload.securityFix')} />
          <SwitchField
            name="preRelease"
            label={t('upload.preRelease')}
            tooltip={t('upload.preReleaseHint')}
            testId="upload-pre-release"
          />
        </Space>
        <Form.Item name="cves" label={t('upload.cves')} extra={t('upload.cvesHint')}>
          <Select mode="tags" tokenSeparators={[',', ' ']} open={false} />
        </Form.Item>
        {isServerFirmware && (
          <Form.Item name="models" label={t('upload.models')} extra={t('upload.listHint')}>
            <Select mode="tags" tokenSeparators={[',', ' ']} open={false} data-testid="upload-models" />
          </Form.Item>
        )}
        {item.kind === 'PCIE' && (
          <Form.Item name="parts" label={t('upload.parts')} extra={t('upload.listHint')}>
            <Select mode="tags" tokenSeparators={[',', ' ']} open={false} />
          </Form.Item>
        )}
        {((isServerFirmware && item.kind !== 'CONFIG') || item.kind === 'PCIE') && (
          <UpdatePlanFields kind={item.kind} />
        )}
        {buildPlatform ? (
          <>
            <SingleFileField
              label={t('upload.buildFile')}
              extra={t('upload.buildFileHint', {
                name: buildFileName(version?.trim() || '1.2.3', buildPlatform),
              })}
              chosen={file}
              buttonText={t('upload.choose')}
              testId="upload-choose"
              check={() => null}
            />
            <SingleFileField
              label={t('upload.signature')}
              extra={t('upload.signatureHint')}
              accept=".sig"
              chosen={signature}
              buttonText={t('upload.chooseSignature')}
              testId="upload-choose-signature"
              check={(chosen) => (chosen.size === RELEASE_SIGNATURE_BYTES ? null : t('upload.signatureSize'))}
            />
          </>
        ) : (
          <SingleFileField
            label={t('upload.file')}
            extra={t('upload.fileHint', { types: PUBLISH_FILE_EXTENSIONS.join(' ') })}
            accept={PUBLISH_FILE_EXTENSIONS.join(',')}
            chosen={file}
            buttonText={t('upload.choose')}
            testId="upload-choose"
            check={(chosen) =>
              isPublishableFileName(chosen.name)
                ? null
                : t('upload.fileType', { types: PUBLISH_FILE_EXTENSIONS.join(' ') })
            }
          />
        )}
        {upload.isPending && <Progress percent={progress} data-testid="upload-progress" />}
      </Form>
    </FormModal>
  );
}
