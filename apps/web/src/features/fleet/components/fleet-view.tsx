import { ArrowLeftOutlined } from '@ant-design/icons';
import { Card, Skeleton } from 'antd';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { fleetListCodec } from '../utils/fleet-list-params';
import { useFleetScope } from '../utils/fleet-scope';
import { FleetActions } from './fleet-actions';
import { FleetList } from './fleet-list';

// One server's page (its components, advisories, bundle) loads when a server is opened.
const ServerDetail = lazy(() => import('./server-detail').then((m) => ({ default: m.ServerDetail })));

interface Props {
  title: ReactNode;
  /** One server's page when set, else the summary and the list. */
  sn: string;
  /** Beside the list's actions (staff: back to the organisations). */
  extra?: ReactNode;
}

/** The fleet summary and the list of the scope's servers, or one server, in a card. */
export function FleetView({ title, sn, extra }: Props) {
  const { t } = useTranslation('fleet');
  const [searchParams] = useSearchParams();
  const scope = useFleetScope();
  if (sn)
    return (
      <Card
        title={sn}
        extra={
          <Link to={scope.base}>
            <ArrowLeftOutlined /> {t(scope.staff ? 'staff.backToList' : 'detail.back')}
          </Link>
        }
        data-testid="fleet-server-page"
      >
        <Suspense fallback={<Skeleton active />}>
          <ServerDetail sn={sn} />
        </Suspense>
      </Card>
    );
  return (
    <Card
      title={title}
      extra={
        <>
          {extra}
          <FleetActions state={fleetListCodec.read(searchParams).state} />
        </>
      }
      data-testid="fleet-servers-page"
    >
      <FleetList />
    </Card>
  );
}
