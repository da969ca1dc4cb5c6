import { UploadOutlined } from '@ant-design/icons';
import { Button, Form, Upload } from 'antd';
import { useState } from 'react';

/** A file picked for a form, and the error of the last pick (or of the server's answer). */
export type ChosenFile = {
  file: File | null;
  error: string | null;
  setError: (error: string | null) => void;
  choose: (file: File | null, error: string | null) => void;
};

export function useChosenFile(): ChosenFile {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  return {
    file,
    error,
    setError,
    choose: (chosen, problem) => {
      setFile(chosen);
      setError(problem);
    },
  };
}

/**
 * One file chosen for an upload form (kept in the form's state, sent with it): a label, a hint,
 * the error of the last choice. `check` answers an error to show, or null to keep the file.
 */
export function SingleFileField({
  label,
  extra,
  accept,
  chosen: { file, error, choose },
  buttonText,
  testId,
  check,
}: {
  label: string;
  extra: string;
  accept?: string;
  chosen: ChosenFile;
  buttonText: string;
  testId: string;
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
        onRemove={() => choose(null, null)}
        beforeUpload={(chosen) => {
          // Checked here for a quick answer; the server checks again.
          const problem = check(chosen);
          choose(problem ? null : chosen, problem);
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
