import { DownloadOutlined } from '@ant-design/icons';
import type { Activation } from '@portal/contract';
import { App, Button, Descriptions, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { downloadActivationFile } from '../api/download-activation-file';

/** The code just issued: copy it or download it as a file, with what it licenses. */
export function IssuedCode({ activation, onDone }: { activation: Activation; onDone: () => void }) {
  const { t } = useTranslation('activation');
  const { message } = App.useApp();
  const download = () =>
    downloadActivationFile(activation).catch(() => void message.error(t('history.downloadFailed')));
  return (
    <Result
      status="success"
      title={activation.trial ? t('issued.trialTitle') : t('issued.title')}
      subTitle={t('issued.subTitle', {
        nodes: activation.nodes,
        // The last day as a day: converting the expiry instant to the reader's zone shifts it.
        expires: activation.validThrough,
      })}
      extra={[
        <Button
          key="download"
          type="primary"
          icon={<DownloadOutlined />}
          onClick={() => void download()}
          data-testid="activation-download"
        >
          {t('issued.download')}
        </Button>,
        <Button key="again" onClick={onDone}>
          {t('issued.again')}
        </Button>,
      ]}
    >
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label={t('field.sn')}>{activation.sn}</Descriptions.Item>
        <Descriptions.Item label={t('field.machineCode')}>{activation.machineCode}</Descriptions.Item>
        <Descriptions.Item label={t('issued.code')}>
          <Typography.Paragraph
            copyable
            code
            style={{ wordBreak: 'break-all', marginBottom: 0 }}
            data-testid="activation-code"
          >
            {activation.activationCode}
          </Typography.Paragraph>
        </Descriptions.Item>
      </Descriptions>
    </Result>
  );
}
