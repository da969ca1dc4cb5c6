import { COMPLIANCE_STATES } from '@portal/contract';
import { Button, Flex, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FilterSearch } from '@/components/filter-search';
import { useScreens } from '@/lib/use-screens';
import { type FleetListState, withFilter } from '../utils/fleet-list-params';

interface Props {
  list: FleetListState;
  onChange: (next: FleetListState) => void;
}

/** Part of an SN, a model and a state; each change goes into the address. */
export function FleetFilters({ list, onChange }: Props) {
  const { t } = useTranslation('fleet');
  const screens = useScreens();
  const wide = screens.md ? undefined : '100%';
  const set = (change: Partial<FleetListState>) => onChange(withFilter(list, change));
  const filtered = list.state || list.model || list.sn;
  return (
    <Flex wrap gap={12} align="center" style={{ marginBottom: 16 }} data-testid="fleet-filters">
      <FilterSearch
        value={list.sn}
        label={t('list.snSearch')}
        width={wide ?? 220}
        onSearch={(sn) => set({ sn })}
        testId="fleet-sn"
      />
      <FilterSearch
        value={list.model}
        label={t('list.model')}
        placeholder={t('list.modelSearch')}
        width={wide ?? 180}
        onSearch={(model) => set({ model })}
        testId="fleet-model"
      />
      <Select
        allowClear
        value={list.state}
        placeholder={t('list.anyState')}
        aria-label={t('list.state')}
        style={{ width: wide ?? 180 }}
        options={COMPLIANCE_STATES.map((state) => ({ value: state, label: t(`state.${state}`) }))}
        onChange={(state) => set({ state })}
        data-testid="fleet-state"
      />
      {filtered && (
        <Button onClick={() => set({ state: undefined, model: '', sn: '' })} data-testid="fleet-reset">
          {t('list.reset')}
        </Button>
      )}
    </Flex>
  );
}
