import type { StaffFleetOrg } from '@portal/contract';
import { Grid, Input, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FailureAlert, failureOf } from '@/components/failure-alert';
import { useStaffOrgs } from '../api/get-staff-orgs';
import { organisationFleet } from '../utils/fleet-scope';
import styles from './organisation-picker.module.css';

type Exposure = 'vulnerable' | 'under_investigation' | 'outdated';

/** The exposure states worst first, as the list sorts them (whom PSIRT calls first). */
const EXPOSURES: Exposure[] = ['vulnerable', 'under_investigation', 'outdated'];

/**
 * A count shown bold when there is something to do, plain when nothing. Bold, not coloured: the
 * danger and warning text colours fail contrast on white (WCAG 1.4.3).
 */
const countText = (count: number) => (count > 0 ? <Typography.Text strong>{count}</Typography.Text> : count);

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
    render: countText,
  };
}

/**
 * On a phone the three counts share one column, a line each with its state's name: three columns
 * of their own did not fit 390 px beside the name, and the table scrolled sideways to reach them.
 */
function exposuresColumn(
  title: string,
  stateName: (state: Exposure) => string,
): TableColumnsType<StaffFleetOrg>[number] {
  return {
    title,
    key: 'exposures',
    sorter: (a, b) => EXPOSURES.reduce((order, by) => order || a[by] - b[by], 0),
    defaultSortOrder: 'descend',
    render: (_, row) => (
      <div className={styles.exposures}>
        {EXPOSURES.map((state) => (
          <span key={state} data-testid={`org-${row.id}-${state}`}>
            {stateName(state)} {countText(row[state])}
          </span>
        ))}
      </div>
    ),
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
  const screens = Grid.useBreakpoint();
  const name: TableColumnsType<StaffFleetOrg>[number] = {
    title: t('staff.name'),
    key: 'name',
    dataIndex: 'name',
    render: (_, row) => (
      <Link to={organisationFleet(row.id).base} data-testid={`org-link-${row.id}`}>
        {row.name}
      </Link>
    ),
  };
  // Whom PSIRT calls first comes before how big a customer is: on a phone (under antd's sm, 576
  // px) the accounts and servers give way and the counts share a column, in sight at once.
  const phone = screens.sm === false;
  const columns: TableColumnsType<StaffFleetOrg> = phone
    ? [name, exposuresColumn(t('staff.exposures'), (state) => t(`state.${state}`))]
    : [
        name,
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
        // A table of its own per layout: antd reads the default sort order when it mounts only.
        key={phone ? 'phone' : 'wide'}
        rowKey="id"
        size="middle"
        // A long name scrolls the table inside its card, not the page; on a phone the names and
        // titles wrap instead, the counts in sight.
        scroll={phone ? undefined : { x: 'max-content' }}
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
