import { ExportOutlined, SearchOutlined, UploadOutlined } from '@ant-design/icons';
import {
  PCIE_LOOKUP_MAX_VALUES,
  PCIE_MAX_SN_RESULTS_SHOWN,
  PCIE_UPLOAD_EXTENSIONS,
  type PcieLookupBy,
  type PcieLookupResult,
} from '@portal/contract';
import { App, Button, Input, Radio, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { exportPcie } from '../api/export-pcie';
import { useLookupPcie, useUploadPcieList } from '../api/lookup-pcie';
import { isAcceptedListFile, lookupProblemOf, parseLookupValues } from '../utils/lookup-values';
import { saveBlob } from '@/lib/save-blob';
import { PcieResults } from './pcie-results';

/**
 * PCIe firmware by server SN (the cards it shipped with) or by part number: up to 10 typed
 * values, or a .txt list (of which the first 100 SNs are shown); the result exports as CSV.
 */
export function PcieLookup({ onOpen }: { onOpen: (versionId: number) => void }) {
  const { t } = useTranslation('catalog');
  const { message } = App.useApp();
  const [by, setBy] = useState<PcieLookupBy>('sn');
  const [text, setText] = useState('');
  const [result, setResult] = useState<PcieLookupResult>();
  const [exporting, setExporting] = useState(false);
  const onError = (error: Error) => void message.error(error.message);
  const lookup = useLookupPcie({ onSuccess: setResult, onError });
  const upload = useUploadPcieList({ onSuccess: setResult, onError });

  const search = () => {
    const values = parseLookupValues(text);
    const problem = lookupProblemOf(values);
    if (problem === 'empty') return void message.error(t(by === 'sn' ? 'pcie.snEmpty' : 'pcie.pnEmpty'));
    if (problem === 'tooMany')
      return void message.error(t('pcie.tooMany', { max: PCIE_LOOKUP_MAX_VALUES, by: by.toUpperCase() }));
    lookup.mutate({ by, values: values.join(',') });
  };

  const exportCsv = async () => {
    if (!result) return;
    setExporting(true);
    try {
      saveBlob(await exportPcie(result.by, result.values), `pcie-firmware-by-${result.by}.csv`);
    } catch (error) {
      onError(error as Error);
    } finally {
      setExporting(false);
    }
  };

  return (
    <div data-testid="pcie-lookup">
      <Space orientation="vertical" style={{ width: '100%' }} size="middle">
        <Radio.Group
          data-testid="pcie-by"
          optionType="button"
          value={by}
          onChange={(event) => {
            setBy(event.target.value as PcieLookupBy);
            setResult(undefined);
          }}
          options={[
            { value: 'sn', label: t('pcie.bySn') },
            { value: 'pn', label: t('pcie.byPn') },
          ]}
        />
        <Input.TextArea
          data-testid="pcie-values"
          rows={3}
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={t(by === 'sn' ? 'pcie.snPlaceholder' : 'pcie.pnPlaceholder', {
            max: PCIE_LOOKUP_MAX_VALUES,
          })}
        />
        <Space wrap>
          <Button
            type="primary"
            icon={<SearchOutlined />}
            loading={lookup.isPending}
            onClick={search}
            data-testid="pcie-search"
          >
            {t('pcie.search')}
          </Button>
          <Upload
            accept={PCIE_UPLOAD_EXTENSIONS.join(',')}
            showUploadList={false}
            beforeUpload={(file) => {
              if (!isAcceptedListFile(file.name)) {
                void message.error(t('pcie.onlyTxt'));
              } else {
                upload.mutate({ by, file });
              }
              // The list is sent by our own call, not by the Upload component.
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} loading={upload.isPending} data-testid="pcie-upload">
              {t('pcie.upload')}
            </Button>
          </Upload>
          <Button
            icon={<ExportOutlined />}
            disabled={!result}
            loading={exporting}
            onClick={() => void exportCsv()}
            data-testid="pcie-export"
          >
            {t('pcie.export')}
          </Button>
        </Space>
        <Typography.Text type="secondary">
          {t('pcie.hint', { max: PCIE_LOOKUP_MAX_VALUES, shown: PCIE_MAX_SN_RESULTS_SHOWN })}
        </Typography.Text>
        {result && <PcieResults result={result} onOpen={onOpen} />}
      </Space>
    </div>
  );
}
