import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import { type BaselineChoiceQuery, useBaselineChoices } from '../api/get-baseline-choices';

interface Props {
  /** Undefined until the model (or the card's part number) is known. */
  query: BaselineChoiceQuery | undefined;
  label: string;
  value?: number | null;
  onChange?: (value: number | null) => void;
  /** The version pinned before, named when the catalogue no longer lists it. */
  savedVersion?: { versionId: number; version: string };
  testId: string;
}

/** One component's pinned version: a released version of it, or none (the newest release). */
export function BaselineVersionSelect({ query, label, value, onChange, savedVersion, testId }: Props) {
  const { t } = useTranslation('fleet');
  const choices = useBaselineChoices(query);
  const options = (choices.data ?? []).map((row) => ({
    value: row.versionId,
    label: t('baselines.versionChoice', {
      version: row.version,
      date: formatDateTime(row.releaseDate, 'YYYY-MM-DD'),
    }),
  }));
  if (savedVersion && !options.some((option) => option.value === savedVersion.versionId))
    options.unshift({ value: savedVersion.versionId, label: savedVersion.version });
  return (
    <Select
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      value={value ?? undefined}
      onChange={(next) => onChange?.(next ?? null)}
      disabled={query === undefined}
      loading={choices.isFetching}
      placeholder={t('baselines.newest')}
      aria-label={label}
      options={options}
      notFoundContent={choices.isFetching ? undefined : t('baselines.noVersions')}
      style={{ width: '100%' }}
      data-testid={testId}
    />
  );
}
