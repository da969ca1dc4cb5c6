import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfigViewerModal } from './config-viewer-modal';
import { ModelTreeSelect } from './model-tree-select';
import { VersionTable } from './version-table';

/** BIOS/BMC configuration sets (JSON per model family): view in the page or download. */
export function ConfigSets({ onOpen }: { onOpen: (versionId: number) => void }) {
  const { t } = useTranslation('catalog');
  const [model, setModel] = useState<string>();
  const [viewing, setViewing] = useState<number>();
  return (
    <>
      <div style={{ marginBottom: 16 }}>
        <ModelTreeSelect value={model} onChange={setModel} />
      </div>
      <VersionTable
        testId="config-table"
        filters={{ kind: ['CONFIG'], model }}
        columns={['models']}
        onOpen={(row) => onOpen(row.versionId)}
        actions={(row) => (
          <Button
            size="small"
            onClick={() => setViewing(row.versionId)}
            data-testid={`view-config-${row.versionId}`}
          >
            {t('config.view')}
          </Button>
        )}
      />
      <ConfigViewerModal versionId={viewing} onClose={() => setViewing(undefined)} />
    </>
  );
}
