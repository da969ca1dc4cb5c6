import { Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type OptionalColumn, type VersionFilters, VersionTable } from './version-table';

type SearchableVersionListProps = {
  filters: VersionFilters;
  columns?: readonly OptionalColumn[];
  onOpen?: (versionId: number) => void;
  testId: string;
};

/** A keyword box over the shared version table (software, tools, LiveCD and ERP lists). */
export function SearchableVersionList({
  filters,
  columns = ['platform', 'downloads'],
  onOpen,
  testId,
}: SearchableVersionListProps) {
  const { t } = useTranslation('catalog');
  const [q, setQ] = useState('');
  return (
    <>
      <Input.Search
        allowClear
        style={{ maxWidth: 320, marginBottom: 16 }}
        placeholder={t('filter.search')}
        onSearch={(value) => setQ(value.trim())}
        data-testid={`${testId}-search`}
      />
      <VersionTable
        testId={testId}
        filters={{ ...filters, q: q || undefined }}
        columns={columns}
        onOpen={onOpen && ((row) => onOpen(row.versionId))}
      />
    </>
  );
}
