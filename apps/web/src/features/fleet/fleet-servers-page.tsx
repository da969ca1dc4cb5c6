import { ArrowLeftOutlined } from '@ant-design/icons';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { FleetActions } from './components/fleet-actions';
import { FleetList } from './components/fleet-list';
import { ServerDetail } from './components/server-detail';
import { fleetListCodec } from './utils/fleet-list-params';

/**
 * Menu `fleet/Servers` (/fleet/servers): the fleet summary and my servers, and below it one
 * server (/fleet/servers/SN-0001). The menu route answers the paths below its own (`/*`), so a
 * server opens as a tab of its own and survives a reload.
 */
export function FleetServersPage({ title }: { title: string }) {
  const { t } = useTranslation('fleet');
  const [searchParams] = useSearchParams();
  const sn = decodeURIComponent(useParams()['*']?.split('/')[0] ?? '').toUpperCase();
  if (sn)
    return (
      <Card
        title={sn}
        extra={
          <Link to={paths.fleetServers}>
            <ArrowLeftOutlined /> {t('detail.back')}
          </Link>
        }
        data-testid="fleet-server-page"
      >
        <ServerDetail sn={sn} />
      </Card>
    );
  return (
    <Card
      title={title}
      extra={<FleetActions state={fleetListCodec.read(searchParams).state} />}
      data-testid="fleet-servers-page"
    >
      <FleetList />
    </Card>
  );
}
