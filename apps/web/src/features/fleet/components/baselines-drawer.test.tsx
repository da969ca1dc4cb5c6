import type { CatalogVersionRow, FleetBaseline } from '@portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { okResponse, stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render-with-providers';
import { setUpEachTest } from '@/test/test-hooks';
import { BaselinesDrawer } from './baselines-drawer';

setUpEachTest({ namespaces: ['fleet'] });

const BASELINE: FleetBaseline = {
  model: 'M7-2U',
  name: 'Q3 2026',
  versions: [
    { component: 'BMC', versionId: 11, version: '3.2.0' },
    { component: 'PCIE:X710-DA2', versionId: 21, version: '9.1' },
  ],
  updateTime: '2026-09-01T08:00:00.000Z',
};

function versionRow(versionId: number, version: string, kind: string): CatalogVersionRow {
  return {
    versionId,
    itemCode: `${kind}-FW`,
    itemName: `${kind} firmware`,
    kind,
    section: 'firmware',
    version,
    status: 'published',
    releaseDate: '2026-08-01T08:00:00.000Z',
    fileName: 'fw.zip',
    fileSize: 1,
    fileCategory: 'firmware',
    os: '',
    arch: '',
    severity: '',
    cves: [],
    securityFix: false,
    preRelease: false,
    sha256: '',
    md5: '',
    downloadCount: 0,
    models: ['M8-1U'],
    parts: [],
    rebootRequired: false,
    prerequisites: [],
  };
}

/** Picks `label` in the antd select of `testId`. */
async function choose(testId: string, label: string) {
  fireEvent.mouseDown(within(screen.getByTestId(testId)).getByRole('combobox'));
  fireEvent.click(await screen.findByTitle(label));
}

describe('BaselinesDrawer', () => {
  it('lists baselines in words and removes one', async () => {
    const methods: string[] = [];
    stubFetch({
      '/api/fleet/baselines': () => okResponse([BASELINE]),
      '/api/fleet/baselines/M7-2U': (_url, init) => {
        methods.push(init.method ?? 'GET');
        return okResponse([]);
      },
    });
    renderWithProviders(<BaselinesDrawer open onClose={() => undefined} />, { path: '/' });
    const item = await screen.findByTestId('baseline-M7-2U');
    expect(item.textContent).toContain('M7-2U: Q3 2026');
    expect(item.textContent).toContain('BMC 3.2.0, PCIe card X710-DA2 9.1');
    expect(item.textContent).toContain('Changed 2026-09-01');
    expect(item.textContent).not.toContain('T08:00');
    fireEvent.click(screen.getByTestId('baseline-remove-M7-2U'));
    fireEvent.click(await screen.findByRole('button', { name: /OK|Yes/ }));
    await waitFor(() => expect(methods).toEqual(['DELETE']));
  });

  it('pins a baseline: a released version per component kind of the chosen model', async () => {
    let saved: unknown;
    const asked: Record<string, string>[] = [];
    stubFetch({
      '/api/fleet/baselines': () => okResponse([BASELINE]),
      '/api/catalog/models': () =>
        okResponse([
          { id: 1, code: 'M7-2U', family: 'M7', name: 'M7 2U' },
          { id: 2, code: 'M8-1U', family: 'M8', name: 'M8 1U' },
        ]),
      '/api/catalog/versions': (url) => {
        const query = Object.fromEntries(url.searchParams);
        asked.push(query);
        const kind = query.kind ?? '';
        return okResponse({
          rows: kind === 'BMC' ? [versionRow(31, '4.0.1', 'BMC'), versionRow(30, '4.0.0', 'BMC')] : [],
          totalRows: kind === 'BMC' ? 2 : 0,
          pageNo: 1,
        });
      },
      '/api/fleet/baselines/M8-1U': (_url, init) => {
        saved = JSON.parse(String(init.body));
        return okResponse([BASELINE]);
      },
    });
    renderWithProviders(<BaselinesDrawer open onClose={() => undefined} />, { path: '/' });
    fireEvent.click(await screen.findByTestId('baseline-new'));
    // A model that has a baseline already is not offered for a new one.
    fireEvent.mouseDown(within(await screen.findByTestId('baseline-model')).getByRole('combobox'));
    expect(await screen.findByTitle('M8 1U (M8-1U)')).toBeTruthy();
    expect(screen.queryByTitle('M7 2U (M7-2U)')).toBeNull();
    fireEvent.click(screen.getByTitle('M8 1U (M8-1U)'));
    fireEvent.change(screen.getByTestId('baseline-name'), { target: { value: 'Pilot' } });
    await waitFor(() =>
      expect(screen.getByTestId('baseline-kind-BMC').classList.contains('ant-select-loading')).toBe(false),
    );
    await choose('baseline-kind-BMC', '4.0.0 (released 2026-08-01)');
    expect(asked.find((query) => query.kind === 'BMC')).toMatchObject({ model: 'M8-1U' });
    fireEvent.click(screen.getByTestId('baseline-save'));
    await waitFor(() => expect(saved).toEqual({ name: 'Pilot', versions: { BMC: 30 } }));
  });
});
