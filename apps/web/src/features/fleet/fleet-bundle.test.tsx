import { ErrorCode, type TaskCreated } from '@portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelopeResponse, okResponse, stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render-with-providers';
import { setUpEachTest } from '@/test/test-hooks';
import { FleetServersPage } from './fleet-servers-page';
import { buildFleetPage, buildServerDetail, buildServerRow } from './test-data';

setUpEachTest({ namespaces: ['fleet'] });

const ROWS = [buildServerRow({ sn: 'SN-0002', state: 'vulnerable' }), buildServerRow()];

const CREATED: TaskCreated = {
  task: {
    id: 5,
    type: 'LIST_MIRROR_SN',
    status: 'PENDING',
    summary: 'SN: SN-0002',
    createTime: '2026-11-23T08:00:00.000Z',
    startTime: null,
    endTime: null,
    log: [],
    result: null,
    resultExpired: false,
    canRetry: false,
  },
  message: 'Task created: find it under Personal center > Tasks',
};

function openPage(url: string) {
  return renderWithProviders(<FleetServersPage title="My servers" />, {
    path: '/fleet/servers/*',
    initialEntry: url,
  });
}

/** Ticks the row checkbox of `sn`. */
function select(sn: string) {
  const row = screen.getByTestId(`server-link-${sn}`).closest('tr') as HTMLElement;
  fireEvent.click(within(row).getByRole('checkbox'));
}

describe('FleetServersPage (download what is missing)', () => {
  it('bundles the selected servers and says where the task is', async () => {
    let sent: unknown;
    stubFetch({
      '/api/fleet/servers': () => okResponse(buildFleetPage(ROWS)),
      '/api/fleet/bundle': (_url, init) => {
        sent = JSON.parse(String(init.body));
        return okResponse(CREATED);
      },
    });
    openPage('/fleet/servers');
    await screen.findByTestId('server-link-SN-0002');
    const button = screen.getByTestId('fleet-bundle') as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    select('SN-0002');
    select('SN-0001');
    expect(screen.getByTestId('fleet-selected').textContent).toBe('2 servers selected');
    fireEvent.click(button);
    await waitFor(() => expect(sent).toEqual({ sns: ['SN-0002', 'SN-0001'] }));
    const created = await screen.findByTestId('fleet-bundle-created');
    expect(created.textContent).toContain(CREATED.message);
    expect(within(created).getByRole('link').getAttribute('href')).toBe('/account/center?tab=tasks');
  });

  it('says so in words when nothing is missing', async () => {
    stubFetch({
      '/api/fleet/servers/SN-0001': () => okResponse(buildServerDetail()),
      '/api/fleet/bundle': () =>
        envelopeResponse({ code: ErrorCode.FLEET_NOTHING_MISSING, message: 'FLEET_NOTHING_MISSING' }, 409),
    });
    openPage('/fleet/servers/SN-0001');
    fireEvent.click(await screen.findByTestId('server-bundle'));
    expect(
      await screen.findByText('Nothing is missing: none of these servers is outdated or vulnerable'),
    ).toBeTruthy();
    expect(screen.queryByTestId('fleet-bundle-created')).toBeNull();
  });
});
