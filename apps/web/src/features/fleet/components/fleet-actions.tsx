import { DownloadOutlined, DownOutlined, PushpinOutlined, UploadOutlined } from '@ant-design/icons';
import type { ComplianceState } from '@portal/contract';
import { App, Button, Dropdown, Space } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { exportFleet, type FleetExportFormat } from '../api/download-fleet-files';
import { useFleetScope } from '../utils/fleet-scope';

// The dialog and the drawer (antd's Upload, Drawer, Form, Popconfirm...) load when first opened,
// or when the pointer or focus reaches their button: the list's first paint does not evaluate them.
const loadUpload = () => import('./upload-inventory-modal');
const loadBaselines = () => import('./baselines-drawer');
const UploadInventoryModal = lazy(() => loadUpload().then((m) => ({ default: m.UploadInventoryModal })));
const BaselinesDrawer = lazy(() => loadBaselines().then((m) => ({ default: m.BaselinesDrawer })));

/**
 * "Upload inventory" (preview, then apply), "Export" (CSV or JSON, of the state filtered by) and
 * "Baselines" (the versions each model should run). Staff looking at an organisation only export.
 */
export function FleetActions({ state }: { state?: ComplianceState }) {
  const { t } = useTranslation('fleet');
  const { message } = App.useApp();
  const [uploading, setUploading] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [baselines, setBaselines] = useState(false);
  // Mounted from their first opening on, so that they close with their animation.
  const [uploadMounted, setUploadMounted] = useState(false);
  const [baselinesMounted, setBaselinesMounted] = useState(false);
  const scope = useFleetScope();
  const download = async (format: FleetExportFormat) => {
    setExporting(true);
    try {
      await exportFleet(format, state, scope.api);
    } catch (error) {
      void message.error(t('actions.downloadFailed', { message: (error as Error).message }));
    } finally {
      setExporting(false);
    }
  };
  return (
    <Space wrap>
      {!scope.staff && (
        <Button
          icon={<UploadOutlined />}
          onPointerEnter={() => void loadUpload()}
          onFocus={() => void loadUpload()}
          onClick={() => {
            setUploadMounted(true);
            setUploading(true);
          }}
          data-testid="fleet-upload"
        >
          {t('actions.upload')}
        </Button>
      )}
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'csv', label: t('actions.exportCsv'), 'data-testid': 'fleet-export-csv' },
            { key: 'json', label: t('actions.exportJson'), 'data-testid': 'fleet-export-json' },
          ],
          onClick: ({ key }) => void download(key as FleetExportFormat),
        }}
      >
        <Button icon={<DownloadOutlined />} loading={exporting} data-testid="fleet-export">
          {t('actions.export')} <DownOutlined />
        </Button>
      </Dropdown>
      {!scope.staff && (
        <>
          <Button
            icon={<PushpinOutlined />}
            onPointerEnter={() => void loadBaselines()}
            onFocus={() => void loadBaselines()}
            onClick={() => {
              setBaselinesMounted(true);
              setBaselines(true);
            }}
            data-testid="fleet-baselines"
          >
            {t('actions.baselines')}
          </Button>
          <Suspense fallback={null}>
            {uploadMounted && <UploadInventoryModal open={uploading} onClose={() => setUploading(false)} />}
          </Suspense>
          <Suspense fallback={null}>
            {baselinesMounted && <BaselinesDrawer open={baselines} onClose={() => setBaselines(false)} />}
          </Suspense>
        </>
      )}
    </Space>
  );
}
