import type { Activation, Entitlement } from '@portal/contract';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeLocale } from '@/lib/i18n';
import { okResponse, stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render-with-providers';
import { ActivationForm } from './activation-form';
import { ActivationHistory } from './activation-history';
import { IssuedCode } from './issued-code';

const ENTITLEMENT: Entitlement = {
  id: 1,
  contractNo: 'C-1',
  customerName: 'Demo Co.',
  product: 'ims-platform',
  productName: 'IMS platform',
  versionFrom: '',
  versionTo: '',
  authorisedNodes: 50,
  remainingNodes: 50,
  maintenanceEnd: '2026-12-31',
  trial: false,
  trialDays: 0,
  serials: ['M7S2U24000101'],
  createTime: '2026-01-01T00:00:00.000Z',
};

/** A licence through 2026-12-31: it expires once that day is over everywhere (00:00 at UTC-12). */
const ISSUED: Activation = {
  id: 3,
  licenceId: 'b3c1',
  sn: 'M7S2U24000101',
  machineCode: 'ABC123',
  nodes: 3,
  product: 'ims-platform',
  productName: 'IMS platform',
  version: '6.1.0',
  customerName: 'Demo Co.',
  contacts: 'Li Lei',
  contactInfo: '+86 138 0000 0000',
  trial: false,
  validThrough: '2026-12-31',
  expiresAt: '2027-01-01T12:00:00.000Z',
  createTime: '2026-11-25T08:00:00.000Z',
  activationCode: 'PL1.payload.signature',
};

describe('activation form', () => {
  it.each(['code', 'trial'] as const)('asks for the nodes in one field (%s)', async (mode) => {
    await act(() => changeLocale('en-US'));
    renderWithProviders(
      <ActivationForm mode={mode} entitlements={[{ ...ENTITLEMENT, trial: mode === 'trial' }]} />,
      {
        path: '/',
      },
    );
    expect(screen.getAllByLabelText(/nodes/i)).toHaveLength(1);
    expect(screen.getByTestId('activation-nodes')).toHaveProperty('value', '1');
    expect(screen.queryByTestId('activation-quantity')).toBeNull();
    expect(screen.queryByTestId('activation-cluster-nodes')).toBeNull();
    expect(screen.queryByText(/quantity/i)).toBeNull();

    fireEvent.change(screen.getByTestId('activation-nodes'), { target: { value: '1001' } });
    expect(await screen.findByText('The number of nodes must be a number from 1 to 1000')).toBeTruthy();
  });
});

// Issue 42 §4: after the activate tab the trial tab mounts its form beside the first; with the same
// ids (#machineCode, #nodes) each label pointed at the first form's input (axe: label-title-only).
describe('the activate and trial forms on one page', () => {
  it('label their own inputs', async () => {
    await act(() => changeLocale('en-US'));
    renderWithProviders(
      <>
        <ActivationForm mode="code" entitlements={[ENTITLEMENT]} />
        <ActivationForm mode="trial" entitlements={[{ ...ENTITLEMENT, trial: true }]} />
      </>,
      { path: '/' },
    );
    const ids = [...document.querySelectorAll('[id]')].map((element) => element.id);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
    for (const mode of ['code', 'trial']) {
      const form = screen.getByTestId(`activation-form-${mode}`);
      const labels = [...form.querySelectorAll('label[for]')];
      expect(labels.length).toBeGreaterThan(4);
      for (const label of labels)
        expect(
          form.contains(document.getElementById(label.getAttribute('for') ?? '')),
          label.textContent ?? '',
        ).toBe(true);
    }
  });
});

describe('validity of an issued licence', () => {
  const zone = process.env.TZ;
  // A reader in UTC+8: the expiry instant is 2027-01-01 20:00 on their clock.
  beforeAll(() => {
    process.env.TZ = 'Asia/Shanghai';
  });
  afterAll(() => {
    process.env.TZ = zone;
  });

  it('shows the last valid day as picked, not the expiry instant in the reader’s zone', async () => {
    await act(() => changeLocale('en-US'));
    expect(new Date(ISSUED.expiresAt).getDate()).toBe(1); // the zone is in effect
    renderWithProviders(<IssuedCode activation={ISSUED} onDone={() => {}} />, { path: '/' });
    expect(screen.getByText('Licenses 3 nodes, valid through 2026-12-31')).toBeTruthy();
    expect(document.body.textContent).not.toContain('2027-01-01');
  });

  it('lists it with the same day in the history', async () => {
    await act(() => changeLocale('zh-CN'));
    stubFetch({ '/api/activation/history': () => okResponse({ rows: [ISSUED], totalRows: 1, pageNo: 1 }) });
    try {
      renderWithProviders(<ActivationHistory />, { path: '/' });
      expect(await screen.findByText('2026-12-31')).toBeTruthy();
      expect(document.body.textContent).not.toContain('2027-01-01');
    } finally {
      await act(() => changeLocale('en-US'));
    }
  });
});
