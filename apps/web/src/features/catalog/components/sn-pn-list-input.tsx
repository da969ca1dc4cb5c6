import { UploadOutlined } from '@ant-design/icons';
import { PCIE_UPLOAD_EXTENSIONS, type PcieLookupBy } from '@portal/contract';
import { App, Button, Input, Radio, Space, Upload } from 'antd';
import { type ReactNode, useState } from 'react';
import { isAcceptedListFile, lookupProblemOf, parseLookupValues } from '../utils/lookup-values';

/** The texts of one use of the input, already translated by its page's namespace. */
export interface SnPnListTexts {
  by: Record<PcieLookupBy, string>;
  placeholder: Record<PcieLookupBy, string>;
  /** 'SN can not be null' / 'PN can not be null'. */
  empty: Record<PcieLookupBy, string>;
  tooMany: (by: PcieLookupBy) => string;
  onlyTxt: string;
  submit: string;
  upload: string;
}

interface SnPnListInputProps {
  /** Prefix of the test ids: `<prefix>-by`, `-values`, `-<submit>`, `-upload`. */
  testId: string;
  submitTestId: string;
  texts: SnPnListTexts;
  submitIcon: ReactNode;
  submitting: boolean;
  uploading: boolean;
  /** Called with the checked values (1 to PCIE_LOOKUP_MAX_VALUES of them, comma-separated). */
  onSubmit: (by: PcieLookupBy, values: string) => void;
  /** Called with a .txt list (the server checks its size and count). */
  onUpload: (by: PcieLookupBy, file: File) => void;
  onByChange?: (by: PcieLookupBy) => void;
  /** More buttons after the upload (an export, say). */
  children?: ReactNode;
}

/**
 * Servers by SN or cards by PN: up to PCIE_LOOKUP_MAX_VALUES typed values or a .txt list, with
 * the spec's messages for an empty or too long list. Used by the PCIe lookup and the bundle task.
 */
export function SnPnListInput(props: SnPnListInputProps) {
  const { texts, testId } = props;
  const { message } = App.useApp();
  const [by, setBy] = useState<PcieLookupBy>('sn');
  const [text, setText] = useState('');

  const submit = () => {
    const values = parseLookupValues(text);
    const problem = lookupProblemOf(values);
    if (problem === 'empty') return void message.error(texts.empty[by]);
    if (problem === 'tooMany') return void message.error(texts.tooMany(by));
    props.onSubmit(by, values.join(','));
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      <Radio.Group
        data-testid={`${testId}-by`}
        optionType="button"
        value={by}
        onChange={(event) => {
          setBy(event.target.value as PcieLookupBy);
          props.onByChange?.(event.target.value as PcieLookupBy);
        }}
        options={[
          { value: 'sn', label: texts.by.sn },
          { value: 'pn', label: texts.by.pn },
        ]}
      />
      <Input.TextArea
        data-testid={`${testId}-values`}
        rows={3}
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={texts.placeholder[by]}
      />
      <Space wrap>
        <Button
          type="primary"
          icon={props.submitIcon}
          loading={props.submitting}
          onClick={submit}
          data-testid={props.submitTestId}
        >
          {texts.submit}
        </Button>
        <Upload
          accept={PCIE_UPLOAD_EXTENSIONS.join(',')}
          showUploadList={false}
          beforeUpload={(file) => {
            if (!isAcceptedListFile(file.name)) void message.error(texts.onlyTxt);
            else props.onUpload(by, file);
            // The list is sent by our own call, not by the Upload component.
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={props.uploading} data-testid={`${testId}-upload`}>
            {texts.upload}
          </Button>
        </Upload>
        {props.children}
      </Space>
    </Space>
  );
}
