import { type BoundSn, ErrorCode, type SnLookup } from '@portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { envelopeResponse, fetchedPaths, okResponse, stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render-with-providers';
import { setUpEachTest } from '@/test/test-hooks';
import { buildBoundSn, buildVerification } from '../test-data';
import { BindingSettings } from './binding-settings';

/** The vendor's records of the test: SN -> model. */
const SHIPPED: Record<string, [string, string]> = {
  M7S2U24000101: ['M7-2U', 'M7 2U rack server'],
  A7S2U25000033: ['A7-2U', 'A7 2U rack server'],
  M6S1U22000417: ['M6-1U', 'M6 1U rack server'],
};
const OWN = new Set(['M7S2U24000101', 'M6S1U22000417']);

let bound: BoundSn[];
const bindBodies: unknown[] = [];

function lookup(sn: string): SnLookup {
  const model = SHIPPED[sn];
  return { sn, exists: Boolean(model) };
}

function stubSerialApi(extra: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    '/api/auth/verification': () => okResponse(buildVerification(bound)),
    '/api/v1/auth/register/sn': (url) => okResponse(lookup(url.searchParams.get('sn') ?? '')),
    '/api/auth/bindSn': (_url, init) => {
      const body = JSON.parse(String(init.body)) as { sn: string[] };
      bindBodies.push(body);
      for (const sn of body.sn) {
        const [model = '', modelName = ''] = SHIPPED[sn] ?? [];
        bound.push(buildBoundSn({ sn, model, modelName, state: OWN.has(sn) ? 'verified' : 'pending' }));
      }
      return okResponse(buildVerification(bound));
    },
    '/api/auth/bindSn/M7S2U24000101': (_url, init) => {
      expect(init.method).toBe('DELETE');
      bound = bound.filter((serial) => serial.sn !== 'M7S2U24000101');
      return okResponse(buildVerification(bound));
    },
    ...extra,
  });
}

const rows = () => screen.queryAllByTestId('bound-sn-row');
const typeSerials = (text: string) =>
  fireEvent.change(screen.getByTestId('sn-input'), { target: { value: text } });
const renderPage = () => renderWithProviders(<BindingSettings />, { path: '/' });

setUpEachTest();
beforeEach(() => {
  bound = [];
  bindBodies.length = 0;
});

describe('BindingSettings', () => {
  it('lists the bound serial numbers with model, state, maintenance end and binding time', async () => {
    bound = [
      buildBoundSn(),
      buildBoundSn({
        sn: 'A7S2U25000033',
        model: 'A7-2U',
        modelName: 'A7 2U rack server',
        state: 'pending',
        maintenanceEnd: null,
        verifiedAt: null,
      }),
    ];
    stubSerialApi();
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(2));
    const [verified, pending] = rows();
    if (!verified || !pending) throw new Error('rows missing');
    expect(verified.textContent).toContain('M7S2U24000101');
    expect(verified.textContent).toContain('M7 2U rack server (M7-2U)');
    expect(verified.textContent).toContain('2027-03-17');
    expect(within(verified).getByTestId('sn-state').textContent).toBe('Verified');
    expect(within(pending).getByTestId('sn-state').textContent).toBe('Pending');
    expect(pending.textContent).toContain('-');
    expect(screen.getByTestId('sn-summary').textContent).toBe('Verified: 1, pending: 1');

    // The tooltip explains what pending means.
    fireEvent.mouseEnter(within(pending).getByTestId('sn-state'));
    expect(await screen.findByText(/vendor support has to confirm it/)).toBeTruthy();
  });

  it('looks the serial numbers up first, marks found and unknown ones, then binds the found ones', async () => {
    const fetchStub = stubSerialApi();
    renderPage();
    await screen.findByText('No serial numbers bound yet');

    typeSerials('m7s2u24000101, NOPE0001 ，A7S2U25000033');
    fireEvent.click(screen.getByTestId('sn-lookup'));
    await waitFor(() => expect(screen.getAllByTestId('sn-lookup-row')).toHaveLength(3));
    const [first, unknown] = screen.getAllByTestId('sn-lookup-row');
    // Found, but not its model: anyone may look an SN up.
    expect(first?.textContent).toContain('Can be bound');
    expect(first?.textContent).toBe('M7S2U24000101Can be bound');
    expect(unknown?.textContent).toContain('Unknown serial number');
    expect(fetchedPaths(fetchStub).filter((path) => path === '/api/v1/auth/register/sn')).toHaveLength(3);

    fireEvent.click(screen.getByTestId('sn-bind'));
    expect(await screen.findByText('Serial numbers bound: 2')).toBeTruthy();
    expect(bindBodies).toEqual([{ sn: ['M7S2U24000101', 'A7S2U25000033'] }]);
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.getByTestId('sn-summary').textContent).toBe('Verified: 1, pending: 1');
    expect(screen.getByTestId<HTMLInputElement>('sn-input').value).toBe('');
    expect(screen.queryByTestId('sn-lookup-results')).toBeNull();
  });

  it('refuses an empty input and more than 10 serial numbers without calling the server', async () => {
    const fetchStub = stubSerialApi();
    renderPage();
    await screen.findByText('No serial numbers bound yet');

    fireEvent.click(screen.getByTestId('sn-lookup'));
    expect((await screen.findByTestId('sn-problem')).textContent).toBe('SN can not be null');
    typeSerials(Array.from({ length: 11 }, (_, i) => `SN${1000 + i}`).join(','));
    fireEvent.click(screen.getByTestId('sn-lookup'));
    await waitFor(() =>
      expect(screen.getByTestId('sn-problem').textContent).toBe('Up to 10 serial numbers at a time'),
    );
    expect(fetchedPaths(fetchStub)).toEqual(['/api/auth/verification']);
  });

  it('shows the server refusal of a binding', async () => {
    stubSerialApi({
      '/api/auth/bindSn': () =>
        envelopeResponse({ code: ErrorCode.SN_NOT_FOUND, message: 'SN M7S2U24000101 does not exist' }, 404),
    });
    renderPage();
    await screen.findByText('No serial numbers bound yet');
    typeSerials('M7S2U24000101');
    fireEvent.click(screen.getByTestId('sn-lookup'));
    fireEvent.click(await screen.findByTestId('sn-bind'));
    expect((await screen.findByTestId('sn-problem')).textContent).toBe('SN M7S2U24000101 does not exist');
  });

  it('removes a serial number only after confirmation', async () => {
    bound = [buildBoundSn()];
    const fetchStub = stubSerialApi();
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(1));

    fireEvent.click(screen.getByTestId('sn-remove'));
    expect(await screen.findByText('Remove serial number M7S2U24000101?')).toBeTruthy();
    expect(fetchedPaths(fetchStub)).not.toContain('/api/auth/bindSn/M7S2U24000101');
    fireEvent.click(screen.getByTestId('sn-remove-ok'));

    expect(await screen.findByText('Serial number M7S2U24000101 removed')).toBeTruthy();
    await waitFor(() => expect(rows()).toHaveLength(0));
  });
});
