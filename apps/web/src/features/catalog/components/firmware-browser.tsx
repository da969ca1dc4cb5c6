import { PUBLISH_SEVERITIES, SERVER_FIRMWARE_KINDS } from '@portal/contract';
import { Flex, Segmented, Select, Space, Switch, Typography } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useModels } from '../api/get-models';
import { useUrlFilters } from '@/lib/url-filters';
import {
  type FirmwareFilters,
  type FirmwareKind,
  firmwareListCodec,
  knownModel,
  withFilters,
} from '../utils/firmware-list-params';
import { FirmwareSearch } from './firmware-search';
import { ModelTreeSelect } from './model-tree-select';
import { SupportEndNote } from './support-end-note';
import { VersionTable } from './version-table';

const ALL = 'ALL';
type KindChoice = FirmwareKind | typeof ALL;

/**
 * Server firmware by model and kind, with severity filter, search and "newest only". Filters,
 * page and sort live in the query string, so a link or a reload shows the same list.
 */
export function FirmwareBrowser({ onOpen }: { onOpen: (versionId: number) => void }) {
  const { t } = useTranslation('catalog');
  const [list, setList] = useUrlFilters(firmwareListCodec);
  const models = useModels().data;
  const latestLabel = useId();
  const { kind, severity, latest, q } = list.filters;
  const model = knownModel(list.filters.model, models);
  // One model chosen (not a family): its end of security support shows above its firmware.
  const chosen = models?.find((known) => known.code === model);
  // The next change also writes the model as understood, so an unknown one leaves the address.
  // Built on `current`, not on the rendered list: two quick clicks may come before a re-render.
  const filter = (changes: Partial<FirmwareFilters>) =>
    setList((current) =>
      withFilters(current, { model: knownModel(current.filters.model, models), ...changes }),
    );

  return (
    <>
      <Flex wrap gap="middle" align="center" style={{ marginBottom: 16 }}>
        <ModelTreeSelect value={model} onChange={(next) => filter({ model: next })} />
        {/* Eight kinds are wider than a phone: the bar scrolls on its own instead of the page. */}
        <div style={{ maxWidth: '100%', minWidth: 0, overflowX: 'auto' }}>
          <Segmented<KindChoice>
            data-testid="firmware-kind"
            value={kind ?? ALL}
            onChange={(next) => filter({ kind: next === ALL ? undefined : next })}
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
          aria-label={t('filter.severity')}
          value={[...severity]}
          onChange={(next) => filter({ severity: next })}
          data-testid="firmware-severity"
          options={PUBLISH_SEVERITIES.map((value) => ({ value, label: t(`severity.${value}`) }))}
        />
        <Space>
          <Switch
            aria-labelledby={latestLabel}
            checked={latest}
            onChange={(next) => filter({ latest: next })}
            data-testid="firmware-latest"
          />
          <Typography.Text id={latestLabel}>{t('filter.latest')}</Typography.Text>
        </Space>
        <FirmwareSearch submitted={q} onSearch={(next) => filter({ q: next })} />
      </Flex>
      {chosen && <SupportEndNote model={chosen} />}
      <VersionTable
        testId="firmware-table"
        filters={{
          kind: kind ? [kind] : SERVER_FIRMWARE_KINDS,
          model,
          severity,
          latest: latest || undefined,
          q,
        }}
        columns={['severity', 'models', 'downloads']}
        onOpen={(row) => onOpen(row.versionId)}
        paging={list.paging}
        onPagingChange={(paging) => setList((current) => ({ ...current, paging }))}
      />
    </>
  );
}
