import { EDITOR_MAX_IMAGES_PER_UPLOAD, type PublishNotesInput } from '@portal/contract';
import { App, Form, Skeleton, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { uploadEditorImages, useSaveVersionNotes, useVersionDetail } from '../api/version-notes';
import { NoteLinesField } from './note-lines-field';
import { FormModal } from '@/components/form-overlay/form-modal';
import { useFormSave } from '@/components/form-overlay/use-form-save';
import { RichTextEditor } from '@/components/rich-text-editor';

type BodyField = 'notesHtmlZh' | 'notesHtmlEn';

/**
 * A version's release notes: the NEW / OPTIMIZE / HOTFIX lines in both languages and a rich-text
 * body per language. Images are uploaded (at most five at a time) and inserted as links to the
 * portal; the server sanitises the HTML before it is stored.
 */
export function NotesEditorModal({ versionId, onClose }: { versionId: number; onClose: () => void }) {
  const { t } = useTranslation('publishing');
  const { message } = App.useApp();
  const [form] = Form.useForm<PublishNotesInput>();
  const detail = useVersionDetail(versionId);
  const { overlay, save } = useFormSave(form, useSaveVersionNotes(), t('notes.saved'), onClose);

  const body = (field: BodyField) => (
    <Form.Item name={field}>
      <RichTextEditor
        testId={`notes-${field}`}
        maxImages={EDITOR_MAX_IMAGES_PER_UPLOAD}
        uploadImages={async (files) => (await uploadEditorImages(files)).urls}
        onTooManyImages={() =>
          void message.error(t('notes.tooManyImages', { max: EDITOR_MAX_IMAGES_PER_UPLOAD }))
        }
        onUploadFailed={(error) => void message.error(error.message)}
      />
    </Form.Item>
  );

  return (
    <FormModal
      {...overlay}
      width={900}
      title={t('notes.title', { version: detail.data?.version ?? '' })}
      saveText={t('action.save')}
      saveTestId="notes-save"
      destroyOnHidden
    >
      {detail.isPending ? (
        <Skeleton active />
      ) : (
        <Form<PublishNotesInput>
          form={form}
          layout="vertical"
          // Rendered once the version has loaded: the editors take their content at mount.
          initialValues={{
            notes: detail.data?.notes ?? [],
            notesHtmlZh: detail.data?.notesHtmlZh ?? '',
            notesHtmlEn: detail.data?.notesHtmlEn ?? '',
          }}
          onFinish={(input) => save({ id: versionId, input })}
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
    </FormModal>
  );
}
