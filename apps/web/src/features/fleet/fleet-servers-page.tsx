import { useParams } from 'react-router';
import { FleetView } from './components/fleet-view';

/**
 * Menu `fleet/Servers` (/fleet/servers): the fleet summary and my servers, and below it one
 * server (/fleet/servers/SN-0001). The menu route answers the paths below its own (`/*`), so a
 * server opens as a tab of its own and survives a reload.
 */
export function FleetServersPage({ title }: { title: string }) {
  const sn = decodeURIComponent(useParams()['*']?.split('/')[0] ?? '').toUpperCase();
  return <FleetView title={title} sn={sn} />;
}
