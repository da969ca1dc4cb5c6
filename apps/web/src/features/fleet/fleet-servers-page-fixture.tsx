import { renderWithProviders } from '@/test/render-with-providers';
import { FleetServersPage } from './fleet-servers-page';
import { buildServerRow } from './test-data';

/* The page and its rows as its tests open them (fleet-servers-page.test.tsx, fleet-servers-upload.test.tsx). */

export const ROWS = [
  buildServerRow({
    sn: 'SN-0002',
    state: 'vulnerable',
    counts: {
      vulnerable: 1,
      under_investigation: 0,
      outdated: 0,
      unsupported: 0,
      unknown: 0,
      newer: 0,
      current: 6,
    },
  }),
  buildServerRow(),
  buildServerRow({ sn: 'SN-0003', state: 'unknown', lastReport: null }),
];

export function openPage(url: string) {
  return renderWithProviders(<FleetServersPage title="My servers" />, {
    path: '/fleet/servers/*',
    initialEntry: url,
  });
}
