import { ExportOutlined, SearchOutlined } from '@ant-design/icons';
import { PCIE_LOOKUP_MAX_VALUES, PCIE_MAX_SN_RESULTS_SHOWN, type PcieLookupResult } from '@portal/contract';
import { App, Button, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { exportPcie } from '../api/export-pcie';
import { useLookupPcie, useUploadPcieList } from '../api/lookup-pcie';
import { saveBlob } from '@/lib/save-blob';
import { PcieResults } from './pcie-results';
import { SnPnListInput } from './sn-pn-list-input';

/**
 * PCIe firmware by server SN (the cards it shipped with) or by part number: up to 10 typed
 * values, or a .txt list (of which the first 100 SNs are shown); the result exports as CSV.
 */
export function PcieLookup({ onOpen }: { onOpen: (versionId: number) => void }) {
  const { t } = useTranslation('catalog');
  const { message } = App.useApp();
  const [result, setResult] = useState<PcieLookupResult>();
  const [exporting, setExporting] = useState(false);
  const onError = (error: Error) => void message.error(error.message);
  const lookup = useLookupPcie({ onSuccess: setResult, onError });
  const upload = useUploadPcieList({ onSuccess: setResult, onError });
  const max = PCIE_LOOKUP_MAX_VALUES;

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
        <SnPnListInput
          testId="pcie"
          submitTestId="pcie-search"
          texts={{
            by: { sn: t('pcie.bySn'), pn: t('pcie.byPn') },
            placeholder: { sn: t('pcie.snPlaceholder', { max }), pn: t('pcie.pnPlaceholder', { max }) },
            empty: { sn: t('pcie.snEmpty'), pn: t('pcie.pnEmpty') },
            tooMany: (by) => t('pcie.tooMany', { max, by: by.toUpperCase() }),
            onlyTxt: t('pcie.onlyTxt'),
            submit: t('pcie.search'),
            upload: t('pcie.upload'),
          }}
          submitIcon={<SearchOutlined />}
          submitting={lookup.isPending}
          uploading={upload.isPending}
          onSubmit={(by, values) => lookup.mutate({ by, values })}
          onUpload={(by, file) => upload.mutate({ by, file })}
          onByChange={() => setResult(undefined)}
        >
          <Button
            icon={<ExportOutlined />}
            disabled={!result}
            loading={exporting}
            onClick={() => void exportCsv()}
            data-testid="pcie-export"
          >
            {t('pcie.export')}
          </Button>
        </SnPnListInput>
        <Typography.Text type="secondary">
          {t('pcie.hint', { max, shown: PCIE_MAX_SN_RESULTS_SHOWN })}
        </Typography.Text>
        {result && <PcieResults result={result} onOpen={onOpen} />}
      </Space>
    </div>
  );
}
