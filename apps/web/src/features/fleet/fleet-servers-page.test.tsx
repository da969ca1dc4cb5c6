import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { okResponse, stubFetch } from '@/test/fetch-stub';
import { setUpEachTest } from '@/test/test-hooks';
import { openPage, ROWS } from './fleet-servers-page-fixture';
import { buildComponent, buildFleetPage, buildServerDetail } from './test-data';

// The inventory upload and the downloads are tested in fleet-servers-upload.test.tsx, so the two halves run side by side.

setUpEachTest({ namespaces: ['fleet'] });

const askedQuery = (fetchStub: ReturnType<typeof stubFetch>) =>
  Object.fromEntries(new URL(String(fetchStub.mock.calls.at(-1)?.[0]), 'http://localhost').searchParams);

describe('FleetServersPage (list)', () => {
  it('shows the fleet summary in words with counts, and a state picked there filters the list', async () => {
    const fetchStub = stubFetch({ '/api/fleet/servers': () => okResponse(buildFleetPage(ROWS)) });
    const { router } = openPage('/fleet/servers');
    const summary = await screen.findByTestId('fleet-summary');
    await waitFor(() => expect(within(summary).getByTestId('fleet-total').textContent).toBe('12 servers'));
    expect(within(summary).getByTestId('summary-vulnerable').textContent).toBe('Vulnerable1');
    expect(within(summary).getByTestId('summary-current').textContent).toBe('Current6');
    expect(within(summary).getByRole('img').getAttribute('aria-label')).toBe(
      'Servers by worst state: Vulnerable 1, Outdated 3, Unknown 2, Current 6',
    );

    fireEvent.click(within(summary).getByTestId('summary-vulnerable'));
    expect(router.state.location.search).toBe('?state=vulnerable');
    await waitFor(() => expect(askedQuery(fetchStub)).toMatchObject({ state: 'vulnerable' }));
    expect(within(summary).getByTestId('summary-vulnerable').getAttribute('aria-pressed')).toBe('true');
    // Pressed again, the filter goes.
    fireEvent.click(within(summary).getByTestId('summary-vulnerable'));
    expect(router.state.location.search).toBe('');
  });

  it('lists servers with states in words, formatted dates and links to each server', async () => {
    stubFetch({ '/api/fleet/servers': () => okResponse(buildFleetPage(ROWS)) });
    openPage('/fleet/servers');
    const table = await screen.findByTestId('fleet-table');
    const link = await within(table).findByTestId('server-link-SN-0002');
    expect(link.getAttribute('href')).toBe('/fleet/servers/SN-0002');
    const rows = table.querySelectorAll('tbody tr.ant-table-row');
    expect(rows[0]?.textContent).toContain('Vulnerable');
    expect(rows[1]?.textContent).toContain('Outdated');
    expect(table.textContent).not.toContain('outdated');
    expect(screen.getByText('1-3 of 3')).toBeTruthy();
  });

  it('keeps the filters in the address and asks the server with them', async () => {
    const fetchStub = stubFetch({ '/api/fleet/servers': () => okResponse(buildFleetPage(ROWS)) });
    const { router } = openPage('/fleet/servers?state=outdated&model=M7-2U&sn=00&pageNo=2');
    await screen.findByTestId('server-link-SN-0001');
    expect(askedQuery(fetchStub)).toMatchObject({ state: 'outdated', model: 'M7-2U', sn: '00', pageNo: '2' });
    expect((screen.getByTestId('fleet-sn').querySelector('input') as HTMLInputElement).value).toBe('00');

    const sn = screen.getByTestId('fleet-sn').querySelector('input') as HTMLInputElement;
    fireEvent.change(sn, { target: { value: 'SN-0003' } });
    fireEvent.keyDown(sn, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(router.state.location.search).toBe('?state=outdated&model=M7-2U&sn=SN-0003');

    fireEvent.click(screen.getByTestId('fleet-reset'));
    expect(router.state.location.search).toBe('');
    // The search box shows the address's filter again, not the text typed before the reset.
    expect((screen.getByTestId('fleet-sn').querySelector('input') as HTMLInputElement).value).toBe('');
  });
});

describe('FleetServersPage (one server)', () => {
  it('shows each component: name, installed and who said so, contradiction, target and advisories', async () => {
    stubFetch({
      '/api/fleet/servers/SN-0001': () =>
        okResponse(
          buildServerDetail({
            components: [
              buildComponent({
                contradicts: { version: '2.9.0', source: 'audit', seenAt: '2026-11-18T10:00:00.000Z' },
                baseline: 'Q4 rollout',
              }),
              buildComponent({
                component: 'PCIE:X710-DA2:3',
                kind: 'PCIE',
                pn: 'X710-DA2',
                slot: '3',
                installed: '8.1',
                source: 'api',
                state: 'vulnerable',
                behind: 0,
                target: {
                  ...buildComponent().target!,
                  version: '8.3',
                  rebootRequired: true,
                  prerequisites: [
                    { component: 'BMC', minVersion: '4.0', installed: '3.0.0', status: 'unsatisfied' },
                    { component: 'CPLD', minVersion: '2.0', installed: null, status: 'unknown' },
                  ],
                  installOrder: 80,
                },
                advisories: [
                  {
                    advisoryId: 'PFW-2026-0002',
                    severity: 'MEDIUM',
                    baseScore: 5.3,
                    cves: [],
                    fixedIn: '8.3',
                  },
                  {
                    advisoryId: 'PFW-2026-0001',
                    severity: 'CRITICAL',
                    baseScore: 9.8,
                    cves: ['CVE-2026-10001'],
                    fixedIn: '8.2',
                  },
                ],
              }),
            ],
          }),
        ),
    });
    openPage('/fleet/servers/SN-0001');
    const detail = await screen.findByTestId('server-detail');
    expect(detail.textContent).toContain('M7-2U');
    expect(detail.textContent).toContain('Vulnerable');

    const bmc = within(detail).getByTestId('component-BMC');
    expect(bmc.textContent).toContain('BMC');
    expect(within(bmc).getByTestId('component-installed').textContent).toBe('3.0.0');
    expect(bmc.textContent).toContain('inventory upload, 2026-11-');
    expect(within(bmc).getByTestId('component-behind').textContent).toBe('2 versions behind');
    expect(within(bmc).getByTestId('component-contradicts').textContent).toMatch(
      /^Another report said 2\.9\.0 on 2026-11-18 \d\d:\d\d:\d\d \(audit tool\)$/,
    );
    const target = within(bmc).getByTestId('component-target');
    expect(within(target).getByRole('link').getAttribute('href')).toBe(
      '/mirror/custmirrordownload?version=42',
    );
    expect(target.textContent).toContain('m7-bmc-3.2.1.bin (1.5 MB)');
    expect(within(target).getByTestId('component-baseline').textContent).toBe(
      'From the baseline “Q4 rollout”',
    );
    expect(within(bmc).getByTestId('component-sha256').textContent).toContain('a'.repeat(64));
    expect(bmc.textContent).not.toMatch(/\d{4}-\d{2}-\d{2}T/);

    const card = within(detail).getByTestId('component-PCIE:X710-DA2:3');
    expect(card.textContent).toContain('PCIe card X710-DA2, slot 3');
    expect(card.textContent).toContain('API report');
    const links = within(within(card).getByTestId('component-advisories')).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['PFW-2026-0001', 'PFW-2026-0002']);
    expect(links[0]?.getAttribute('href')).toBe('/security/advisories/PFW-2026-0001');
    expect(card.textContent).toContain('Critical 9.8');
    expect(card.textContent).not.toContain('CRITICAL');

    // What the update needs, in install order: the BMC first, then the card after a reboot.
    expect(within(detail).getByText(/In install order/)).toBeTruthy();
    expect(within(bmc).getByTestId('component-update-needs').textContent).toBe('Step 1No reboot needed');
    expect(within(card).getByTestId('component-reboot').textContent).toBe('Reboot required');
    expect(card.textContent).toContain('Step 2');
    expect(
      within(card)
        .getAllByTestId('component-prerequisite')
        .map((line) => line.textContent),
    ).toEqual(['First: BMC ≥ 4.0not met (runs 3.0.0)', 'First: CPLD ≥ 2.0unknown (not reported)']);
  });

  it('says so when the server is unknown or not mine', async () => {
    stubFetch({
      '/api/fleet/servers/SN-9999': () =>
        new Response(JSON.stringify({ success: false, code: 1012010, message: 'Unknown SN', data: null }), {
          status: 404,
        }),
    });
    openPage('/fleet/servers/sn-9999');
    expect((await screen.findByTestId('server-not-found')).textContent).toContain('not found');
  });
});
