import type { StaffFleetOrg } from '@portal/contract';
import { Input, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FailureAlert, failureOf } from '@/components/failure-alert';
import { useStaffOrgs } from '../api/get-staff-orgs';
import { organisationFleet } from '../utils/fleet-scope';

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
      title: t('state.vulnerable'),
      key: 'vulnerable',
      dataIndex: 'vulnerable',
      align: 'right',
      sorter: (a, b) =>
        a.vulnerable - b.vulnerable ||
        a.under_investigation - b.under_investigation ||
        a.outdated - b.outdated,
      defaultSortOrder: 'descend',
      // Bold, not coloured: the danger and warning text colours fail contrast on white (WCAG 1.4.3).
      render: (count: number) => (count > 0 ? <Typography.Text strong>{count}</Typography.Text> : count),
    },
    {
      title: t('state.under_investigation'),
      key: 'under_investigation',
      dataIndex: 'under_investigation',
      align: 'right',
      sorter: (a, b) => a.under_investigation - b.under_investigation || a.vulnerable - b.vulnerable,
      render: (count: number) => (count > 0 ? <Typography.Text strong>{count}</Typography.Text> : count),
    },
    {
      title: t('state.outdated'),
      key: 'outdated',
      dataIndex: 'outdated',
      align: 'right',
      sorter: (a, b) => a.outdated - b.outdated || a.vulnerable - b.vulnerable,
      render: (count: number) => (count > 0 ? <Typography.Text strong>{count}</Typography.Text> : count),
    },
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
