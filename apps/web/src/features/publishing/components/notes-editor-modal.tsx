import { PictureOutlined } from '@ant-design/icons';
import { EDITOR_MAX_IMAGES_PER_UPLOAD, EDITOR_IMAGE_TYPES, type PublishNotesInput } from '@portal/contract';
import { App, Button, Form, Input, Modal, Skeleton, Tabs, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadEditorImages, useSaveVersionNotes, useVersionDetail } from '../api/version-notes';
import { NoteLinesField } from './note-lines-field';
import { showFailure } from '@/lib/show-failure';

type BodyField = 'notesHtmlZh' | 'notesHtmlEn';

/**
 * A version's release notes: the NEW / OPTIMIZE / HOTFIX lines in both languages and a body in
 * HTML per language. Images are uploaded (at most five at a time) and inserted as links to the
 * portal; the server sanitises the HTML before it is stored.
 */
export function NotesEditorModal({ versionId, onClose }: { versionId: number; onClose: () => void }) {
  const { t } = useTranslation('publishing');
  const { message } = App.useApp();
  const [form] = Form.useForm<PublishNotesInput>();
  const detail = useVersionDetail(versionId);
  const save = useSaveVersionNotes();
  const [uploading, setUploading] = useState(false);

  useEffect(() => {
    if (detail.data) {
      const { notes, notesHtmlZh, notesHtmlEn } = detail.data;
      form.setFieldsValue({ notes, notesHtmlZh, notesHtmlEn });
    }
  }, [detail.data, form]);

  const insertImages = async (field: BodyField, files: File[]) => {
    if (files.length > EDITOR_MAX_IMAGES_PER_UPLOAD) {
      void message.error(t('notes.tooManyImages', { max: EDITOR_MAX_IMAGES_PER_UPLOAD }));
      return;
    }
    setUploading(true);
    try {
      const { urls } = await uploadEditorImages(files);
      const current = (form.getFieldValue(field) as string | undefined) ?? '';
      const images = urls.map((url) => `<p><img src="${url}" alt=""></p>`).join('\n');
      form.setFieldValue(field, current ? `${current}\n${images}` : images);
    } catch (error) {
      void message.error((error as Error).message);
    } finally {
      setUploading(false);
    }
  };

  const body = (field: BodyField) => (
    <>
      <Form.Item name={field}>
        <Input.TextArea rows={8} maxLength={200_000} data-testid={`notes-${field}`} />
      </Form.Item>
      <Upload
        multiple
        accept={EDITOR_IMAGE_TYPES.join(',')}
        showUploadList={false}
        beforeUpload={(file, batch) => {
          // antd calls this once per file; the whole batch is sent with the last one.
          if (file === batch[batch.length - 1]) void insertImages(field, batch);
          return false;
        }}
      >
        <Button icon={<PictureOutlined />} loading={uploading}>
          {t('notes.insertImages', { max: EDITOR_MAX_IMAGES_PER_UPLOAD })}
        </Button>
      </Upload>
    </>
  );

  return (
    <Modal
      open
      width={900}
      title={t('notes.title', { version: detail.data?.version ?? '' })}
      okText={t('action.save')}
      okButtonProps={{ loading: save.isPending, 'data-testid': 'notes-save' }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {detail.isPending ? (
        <Skeleton active />
      ) : (
        <Form<PublishNotesInput>
          form={form}
          layout="vertical"
          onFinish={(input) =>
            save.mutate(
              { id: versionId, input },
              {
                onSuccess: () => {
                  void message.success(t('notes.saved'));
                  onClose();
                },
                onError: (error) => showFailure(error, message, form),
              },
            )
          }
        >
          <Form.Item label={t('notes.lines')}>
            <NoteLinesField name="notes" />
          </Form.Item>
          <Tabs
            items={[
              { key: 'zh', label: t('notes.bodyZh'), children: body('notesHtmlZh'), forceRender: true },
              { key: 'en', label: t('notes.bodyEn'), children: body('notesHtmlEn'), forceRender: true },
            ]}
          />
        </Form>
      )}
    </Modal>
  );
}
