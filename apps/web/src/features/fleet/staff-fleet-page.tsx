import { ArrowLeftOutlined } from '@ant-design/icons';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { useStaffOrgs } from './api/get-staff-orgs';
import { FleetView } from './components/fleet-view';
import { OrganisationPicker } from './components/organisation-picker';
import { FleetScopeContext, organisationFleet } from './utils/fleet-scope';

/**
 * Menu `system/fleet` (/system/fleet): staff pick a customer organisation, then see its "My
 * servers" page (/system/fleet/12, one server at /system/fleet/12/SN-0001) as its customers do.
 * The organisation is in the address, so each opens as a tab of its own and survives a reload.
 */
export function StaffFleetPage({ title }: { title: string }) {
  const { t } = useTranslation('fleet');
  const [orgPart = '', snPart = ''] = (useParams()['*'] ?? '').split('/');
  const org = Number(orgPart);
  const orgs = useStaffOrgs();
  if (!/^[1-9]\d{0,9}$/.test(orgPart) || org > 2_147_483_647)
    return (
      <Card title={title} data-testid="staff-fleet-page">
        <OrganisationPicker />
      </Card>
    );
  const name = orgs.data?.find((row) => row.id === org)?.name;
  return (
    <FleetScopeContext value={organisationFleet(org)}>
      <FleetView
        title={name ? t('staff.title', { name }) : title}
        sn={decodeURIComponent(snPart).toUpperCase()}
        extra={
          <Link to={paths.staffFleet} style={{ marginInlineEnd: 12 }}>
            <ArrowLeftOutlined /> {t('staff.back')}
          </Link>
        }
      />
    </FleetScopeContext>
  );
}
