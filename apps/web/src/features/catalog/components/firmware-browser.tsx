import { SERVER_FIRMWARE_KINDS } from '@portal/contract';
import { Flex, Input, Segmented, Select, Space, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ModelTreeSelect } from './model-tree-select';
import { VersionTable } from './version-table';

const ALL = 'ALL';
type KindChoice = (typeof SERVER_FIRMWARE_KINDS)[number] | typeof ALL;

/** Server firmware by model and kind, with severity filter, search and "newest only". */
export function FirmwareBrowser({ onOpen }: { onOpen: (versionId: number) => void }) {
  const { t } = useTranslation('catalog');
  const [model, setModel] = useState<string>();
  const [kind, setKind] = useState<KindChoice>(ALL);
  const [severity, setSeverity] = useState<string[]>([]);
  const [latest, setLatest] = useState(false);
  const [q, setQ] = useState('');
  const kinds = kind === ALL ? SERVER_FIRMWARE_KINDS : [kind];

  return (
    <>
      <Flex wrap gap="middle" align="center" style={{ marginBottom: 16 }}>
        <ModelTreeSelect value={model} onChange={setModel} />
        {/* Eight kinds are wider than a phone: the bar scrolls on its own instead of the page. */}
        <div style={{ maxWidth: '100%', minWidth: 0, overflowX: 'auto' }}>
          <Segmented<KindChoice>
            data-testid="firmware-kind"
            value={kind}
            onChange={setKind}
            options={[
              { value: ALL, label: t('filter.allKinds') },
              ...SERVER_FIRMWARE_KINDS.map((value) => ({ value, label: value })),
            ]}
          />
        </div>
        <Select
          mode="multiple"
          allowClear
          style={{ minWidth: 180 }}
          placeholder={t('filter.severity')}
          value={severity}
          onChange={setSeverity}
          options={(['urgent', 'recommended', 'optional'] as const).map((value) => ({
            value,
            label: t(`severity.${value}`),
          }))}
        />
        <Space>
          <Switch checked={latest} onChange={setLatest} data-testid="firmware-latest" />
          <Typography.Text>{t('filter.latest')}</Typography.Text>
        </Space>
        <Input.Search
          data-testid="firmware-search"
          allowClear
          style={{ width: 260, maxWidth: '100%' }}
          placeholder={t('filter.search')}
          onSearch={(value) => setQ(value.trim())}
        />
      </Flex>
      <VersionTable
        testId="firmware-table"
        filters={{ kind: kinds, model, severity, latest: latest || undefined, q: q || undefined }}
        columns={['severity', 'models', 'downloads']}
        onOpen={(row) => onOpen(row.versionId)}
      />
    </>
  );
}
