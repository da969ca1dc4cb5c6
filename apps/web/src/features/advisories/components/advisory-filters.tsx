import { ADVISORY_SEVERITIES } from '@portal/contract';
import { Button, DatePicker, Flex, Select, Switch } from 'antd';
import dayjs from 'dayjs';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterSearch } from '@/components/filter-search';
import { useScreens } from '@/lib/use-screens';
import { useProductModels } from '../api/get-product-models';
import { type AdvisoryListState, withFilter } from '../utils/advisory-list-params';

interface Props {
  state: AdvisoryListState;
  onChange: (next: AdvisoryListState) => void;
  /** The "affects my servers" switch needs a signed-in customer. */
  signedIn: boolean;
}

/** Keyword, severity, CVE, model, first-publication dates and (signed in) "affects my servers". */
export function AdvisoryFilters({ state, onChange, signedIn }: Props) {
  const { t } = useTranslation('advisories');
  const screens = useScreens();
  const models = useProductModels({ enabled: signedIn });
  const mineId = useId();
  const wide = screens.md ? undefined : '100%';
  const set = (change: Partial<AdvisoryListState>) => onChange(withFilter(state, change));
  const filtered =
    state.keyword || state.severity || state.cve || state.modelId || state.from || state.to || state.mine;
  return (
    <Flex wrap gap={12} align="center" style={{ marginBottom: 16 }} data-testid="advisory-filters">
      <FilterSearch
        value={state.keyword}
        label={t('list.search')}
        width={wide ?? 260}
        onSearch={(keyword) => set({ keyword })}
        testId="advisory-search"
      />
      <Select
        allowClear
        value={state.severity}
        placeholder={t('list.anySeverity')}
        aria-label={t('list.severity')}
        style={{ width: wide ?? 160 }}
        options={ADVISORY_SEVERITIES.filter((severity) => severity !== 'NONE').map((severity) => ({
          value: severity,
          label: t(`severity.${severity}`),
        }))}
        onChange={(severity) => set({ severity })}
        data-testid="advisory-severity"
      />
      <FilterSearch
        value={state.cve}
        label={t('list.cve')}
        width={wide ?? 200}
        onSearch={(cve) => set({ cve })}
        testId="advisory-cve"
      />
      {signedIn && (models.data?.length ?? 0) > 0 && (
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          value={state.modelId}
          placeholder={t('list.product')}
          aria-label={t('list.product')}
          style={{ width: wide ?? 200 }}
          loading={models.isFetching}
          options={(models.data ?? []).map((model) => ({ value: model.id, label: model.name }))}
          onChange={(modelId) => set({ modelId })}
          data-testid="advisory-model"
        />
      )}
      <DatePicker.RangePicker
        aria-label={t('list.published')}
        placeholder={[t('list.publishedFrom'), t('list.publishedTo')]}
        style={{ width: wide }}
        value={state.from && state.to ? [dayjs(state.from), dayjs(state.to)] : null}
        onChange={(range) =>
          set({ from: range?.[0]?.format('YYYY-MM-DD'), to: range?.[1]?.format('YYYY-MM-DD') })
        }
        data-testid="advisory-dates"
      />
      {signedIn && (
        <Flex gap={8} align="center">
          <Switch
            id={mineId}
            checked={state.mine}
            onChange={(mine) => set({ mine })}
            data-testid="advisory-mine"
          />
          <label htmlFor={mineId}>{t('list.mine')}</label>
        </Flex>
      )}
      {filtered && (
        <Button
          onClick={() =>
            set({
              keyword: '',
              severity: undefined,
              cve: '',
              modelId: undefined,
              from: undefined,
              to: undefined,
              mine: false,
            })
          }
        >
          {t('list.reset')}
        </Button>
      )}
    </Flex>
  );
}
