import type { CatalogModel } from '@portal/contract';
import { TreeSelect } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useModels } from '../api/get-models';

/** Families with their models, e.g. M7 > M7-2U, M7-4U. */
function familyTree(models: readonly CatalogModel[]) {
  const families = new Map<string, CatalogModel[]>();
  for (const model of models) families.set(model.family, [...(families.get(model.family) ?? []), model]);
  return [...families].map(([family, members]) => ({
    value: family,
    title: family,
    children: members.map((model) => ({ value: model.code, title: `${model.code} ${model.name}` })),
  }));
}

/** Picks a server model or a whole family (the list API takes either). */
export function ModelTreeSelect({ value, onChange }: { value?: string; onChange: (value?: string) => void }) {
  const { t } = useTranslation('catalog');
  const models = useModels();
  const treeData = useMemo(() => familyTree(models.data ?? []), [models.data]);
  return (
    <TreeSelect
      data-testid="firmware-model"
      style={{ minWidth: 240 }}
      allowClear
      showSearch
      treeDefaultExpandAll
      loading={models.isPending}
      placeholder={t('filter.model')}
      aria-label={t('filter.model')}
      treeData={treeData}
      value={value}
      onChange={(next?: string) => onChange(next || undefined)}
    />
  );
}
