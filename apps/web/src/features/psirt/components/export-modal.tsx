import { ART14_STAGES, type Art14Case, type Art14Stage } from '@portal/contract';
import { Button, Modal, Segmented, Space, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureAlert, failureOf } from '@/components/failure-alert';
import { saveBlob } from '@/lib/save-blob';
import { useArt14Export } from '../api/get-art14-export';

/** Prints only the report's text: the console around it stays off the paper. */
function printText(text: string, title: string) {
  const frame = document.createElement('iframe');
  frame.style.position = 'fixed';
  frame.style.width = '0';
  frame.style.height = '0';
  frame.title = title;
  document.body.append(frame);
  const doc = frame.contentDocument;
  if (!doc) return frame.remove();
  const pre = doc.createElement('pre');
  pre.style.whiteSpace = 'pre-wrap';
  pre.textContent = text;
  doc.body.append(pre);
  frame.contentWindow?.print();
  setTimeout(() => frame.remove(), 60_000);
}

/**
 * One report's content for ENISA's single reporting platform (no API: staff copy it or attach
 * the JSON): the printable text in the UI language, the JSON to download, a print button.
 */
export function ExportModal({ item, onClose }: { item: Art14Case; onClose: () => void }) {
  const { t, i18n } = useTranslation('psirt');
  const [stage, setStage] = useState<Art14Stage>(
    item.stages.find((entry) => entry.state !== 'submitted')?.stage ?? 'finalReport',
  );
  const exported = useArt14Export(item.id, stage, i18n.resolvedLanguage ?? '');
  const title = t('art14.export.title', { id: item.advisoryId });
  return (
    <Modal
      open
      width={760}
      title={title}
      onCancel={onClose}
      footer={
        <Space>
          <Button
            disabled={!exported.data}
            data-testid="art14-export-json"
            onClick={() =>
              exported.data &&
              saveBlob(
                new Blob([JSON.stringify(exported.data.content, null, 2)], { type: 'application/json' }),
                exported.data.fileName,
              )
            }
          >
            {t('art14.export.download')}
          </Button>
          <Button
            disabled={!exported.data}
            onClick={() => exported.data && printText(exported.data.text, title)}
          >
            {t('art14.export.print')}
          </Button>
          <Button type="primary" onClick={onClose}>
            {t('art14.export.close')}
          </Button>
        </Space>
      }
    >
      <Segmented
        aria-label={t('art14.export.stage')}
        value={stage}
        onChange={(value) => setStage(value)}
        options={ART14_STAGES.map((value) => ({ value, label: t(`art14.stage.${value}`) }))}
      />
      <FailureAlert failure={failureOf(exported.error)} />
      {exported.isPending ? (
        <Spin />
      ) : (
        <pre
          data-testid="art14-export-text"
          tabIndex={0}
          style={{ whiteSpace: 'pre-wrap', maxHeight: 420, overflow: 'auto', marginTop: 12 }}
        >
          {exported.data?.text}
        </pre>
      )}
    </Modal>
  );
}
