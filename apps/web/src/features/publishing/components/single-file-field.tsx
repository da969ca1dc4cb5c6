import { UploadOutlined } from '@ant-design/icons';
import { Button, Form, Upload } from 'antd';

/**
 * One file chosen for an upload form (kept in the form's state, sent with it): a label, a hint,
 * the error of the last choice. `check` answers an error to show, or null to keep the file.
 */
export function SingleFileField({
  label,
  extra,
  accept,
  file,
  error,
  buttonText,
  testId,
  onChange,
  check,
}: {
  label: string;
  extra: string;
  accept?: string;
  file: File | null;
  error: string | null;
  buttonText: string;
  testId: string;
  onChange: (file: File | null, error: string | null) => void;
  check: (chosen: File) => string | null;
}) {
  return (
    <Form.Item
      label={label}
      extra={extra}
      validateStatus={error ? 'error' : undefined}
      help={error ?? undefined}
    >
      <Upload
        accept={accept}
        maxCount={1}
        fileList={file ? [{ uid: testId, name: file.name, size: file.size, status: 'done' }] : []}
        onRemove={() => onChange(null, null)}
        beforeUpload={(chosen) => {
          // Checked here for a quick answer; the server checks again.
          const problem = check(chosen);
          onChange(problem ? null : chosen, problem);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} data-testid={testId}>
          {buttonText}
        </Button>
      </Upload>
    </Form.Item>
  );
}
