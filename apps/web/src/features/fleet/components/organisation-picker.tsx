import type { StaffFleetOrg } from '@portal/contract';
import { Input, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FailureAlert, failureOf } from '@/components/failure-alert';
import { useStaffOrgs } from '../api/get-staff-orgs';
import { organisationFleet } from '../utils/fleet-scope';

type Exposure = 'vulnerable' | 'under_investigation' | 'outdated';

/**
 * An organisation's servers in one exposure state, sorted by that count, ties broken by the
 * states named after it.
 */
function exposureColumn(
  state: Exposure,
  title: string,
  tieBreakers: Exposure[],
): TableColumnsType<StaffFleetOrg>[number] {
  return {
    title,
    key: state,
    dataIndex: state,
    align: 'right',
    sorter: (a, b) => [state, ...tieBreakers].reduce((order, by) => order || a[by] - b[by], 0),
    // Bold, not coloured: the danger and warning text colours fail contrast on white (WCAG 1.4.3).
    render: (count: number) => (count > 0 ? <Typography.Text strong>{count}</Typography.Text> : count),
  };
}

/**
 * Staff choose whose servers to look at: every customer organisation, searchable by name, with
 * its vulnerable, under investigation and outdated servers, the most vulnerable first (whom PSIRT calls first).
 */
export function OrganisationPicker() {
  const { t } = useTranslation('fleet');
  const orgs = useStaffOrgs();
  const [search, setSearch] = useState('');
  const columns: TableColumnsType<StaffFleetOrg> = [
    {
      title: t('staff.name'),
      key: 'name',
      dataIndex: 'name',
      render: (_, row) => (
        <Link to={organisationFleet(row.id).base} data-testid={`org-link-${row.id}`}>
          {row.name}
        </Link>
      ),
    },
    { title: t('staff.members'), key: 'members', dataIndex: 'members', align: 'right' },
    {
      title: t('staff.servers'),
      key: 'servers',
      dataIndex: 'servers',
      align: 'right',
      sorter: (a, b) => a.servers - b.servers,
    },
    {
      ...exposureColumn('vulnerable', t('state.vulnerable'), ['under_investigation', 'outdated']),
      defaultSortOrder: 'descend',
    },
    exposureColumn('under_investigation', t('state.under_investigation'), ['vulnerable']),
    exposureColumn('outdated', t('state.outdated'), ['vulnerable']),
  ];
  const wanted = search.trim().toLowerCase();
  return (
    <>
      <FailureAlert failure={failureOf(orgs.error, t('staff.loadFailed'))} />
      <Input.Search
        allowClear
        aria-label={t('staff.search')}
        placeholder={t('staff.search')}
        onChange={(event) => setSearch(event.target.value)}
        style={{ maxWidth: 320, marginBottom: 12 }}
      />
      <Table<StaffFleetOrg>
        rowKey="id"
        size="middle"
        // Six columns do not fit a phone: the table scrolls inside its card, not the page.
        scroll={{ x: 'max-content' }}
        columns={columns}
        loading={orgs.isFetching}
        dataSource={(orgs.data ?? []).filter((row) => row.name.toLowerCase().includes(wanted))}
        locale={{ emptyText: t('staff.empty') }}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        data-testid="staff-fleet-orgs"
      />
    </>
  );
}
