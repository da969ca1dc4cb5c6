import { ADVISORY_LIMITS } from '@portal/contract';
import { Button, Flex, Select, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useItemVersions, usePublishItems } from '@/features/publishing';
import { pickLanguage } from '../utils/pick-language';

const ITEM_CHOICES = 20;

interface Props {
  value?: number[];
  onChange?: (value: number[]) => void;
}

/**
 * The catalogue versions that fix the advisory (drafts too: they are published with it). A
 * release item is looked up by name or code, then one of its versions is added.
 */
export function FixedVersionPicker({ value = [], onChange }: Props) {
  const { t, i18n } = useTranslation('advisories');
  const [keyword, setKeyword] = useState('');
  const [itemId, setItemId] = useState<number>();
  const [versionId, setVersionId] = useState<number>();
  // Labels of the versions added here; versions saved earlier are named by id.
  const [labels, setLabels] = useState<ReadonlyMap<number, string>>(new Map());
  const items = usePublishItems({ pageNo: 1, pageSize: ITEM_CHOICES, q: keyword || undefined });
  const versions = useItemVersions(itemId);
  const item = items.data?.rows.find((row) => row.id === itemId);
  const itemName = item ? pickLanguage(i18n.resolvedLanguage, item.nameZh, item.nameEn) : '';
  const add = () => {
    const version = versions.data?.find((row) => row.id === versionId);
    if (!version || value.includes(version.id)) return;
    setLabels(new Map(labels).set(version.id, `${itemName} ${version.version}`));
    onChange?.([...value, version.id]);
    setVersionId(undefined);
  };
  return (
    <div data-testid="fixed-versions">
      <Flex wrap gap={8} style={{ marginBottom: 8 }}>
        {value.map((id) => (
          <Tag key={id} closable onClose={() => onChange?.(value.filter((other) => other !== id))}>
            {labels.get(id) ?? t('form.versionId', { id })}
          </Tag>
        ))}
      </Flex>
      {value.length < ADVISORY_LIMITS.fixedVersions && (
        <Flex wrap gap={8}>
          <Select
            showSearch={{ filterOption: false, onSearch: setKeyword }}
            allowClear
            value={itemId}
            placeholder={t('form.fixedItem')}
            aria-label={t('form.fixedItem')}
            style={{ width: 260, maxWidth: '100%' }}
            loading={items.isFetching}
            options={(items.data?.rows ?? []).map((row) => ({
              value: row.id,
              label: `${pickLanguage(i18n.resolvedLanguage, row.nameZh, row.nameEn)} (${row.code})`,
            }))}
            onChange={(id) => {
              setItemId(id);
              setVersionId(undefined);
            }}
            data-testid="fixed-item"
          />
          <Select
            value={versionId}
            disabled={itemId === undefined}
            placeholder={t('form.fixedVersion')}
            aria-label={t('form.fixedVersion')}
            style={{ width: 160 }}
            loading={versions.isFetching}
            options={(versions.data ?? [])
              .filter((row) => row.status !== 'recalled')
              .map((row) => ({ value: row.id, label: row.version }))}
            onChange={setVersionId}
            data-testid="fixed-version"
          />
          <Button onClick={add} disabled={versionId === undefined} data-testid="fixed-add">
            {t('form.addFixedVersion')}
          </Button>
        </Flex>
      )}
    </div>
  );
}
