import type { PublishVersion } from '@portal/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { envelopeResponse, okResponse, stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render-with-providers';
import { setUpEachTest } from '@/test/test-hooks';
import { UpdatePlanModal } from './update-plan-modal';

const version: PublishVersion = {
  id: 7,
  itemId: 3,
  version: '6.1.2',
  status: 'published',
  releaseDate: '2026-06-15',
  fileCategory: 'firmware',
  fileName: 'm7-bios-6.1.2.tar.gz',
  fileSize: 2048,
  sha256: 'a'.repeat(64),
  md5: 'b'.repeat(32),
  contentType: 'application/gzip',
  os: 'Any',
  arch: 'Any',
  severity: 'urgent',
  cves: [],
  securityFix: false,
  preRelease: false,
  models: ['M7-2U'],
  parts: [],
  rebootRequired: false,
  prerequisites: [{ component: 'BMC', minVersion: '4.1.0' }],
  installOrder: null,
  downloadCount: 0,
  createTime: '2026-06-15T08:00:00.000Z',
  publishTime: '2026-06-15T08:00:00.000Z',
  recallTime: null,
  recallReason: null,
};

setUpEachTest({ namespaces: ['publishing'] });

describe('UpdatePlanModal', () => {
  it('checks components before sending, sends the plan, and shows the server refusal on its line', async () => {
    const bodies: unknown[] = [];
    let refuse = true;
    stubFetch({
      '/api/publishing/versions/7/update-plan': (_url, init) => {
        bodies.push(JSON.parse(String(init.body)));
        if (refuse)
          return envelopeResponse(
            {
              code: 1018007,
              message: 'The prerequisites are not valid',
              data: [{ field: 'prerequisites.1.minVersion', message: 'needs a minimum version' }] as never,
            },
            400,
          );
        return okResponse({ ...version, rebootRequired: true });
      },
    });
    const onClose = vi.fn();
    renderWithProviders(<UpdatePlanModal version={version} kind="BIOS" onClose={onClose} />, { path: '/' });

    expect(await screen.findByPlaceholderText('20')).toBeTruthy(); // the BIOS default order
    fireEvent.click(screen.getByTestId('plan-reboot'));
    fireEvent.click(screen.getByTestId('plan-prerequisite-add'));
    const components = screen.getAllByLabelText('Component');
    fireEvent.change(components[1]!, { target: { value: 'GPU' } });
    fireEvent.change(screen.getAllByLabelText('Minimum version')[1]!, { target: { value: '1.0' } });
    fireEvent.click(screen.getByTestId('plan-save'));
    expect(await screen.findByText(/A component kind \(BMC/)).toBeTruthy();
    expect(bodies).toHaveLength(0);

    fireEvent.change(components[1]!, { target: { value: 'PCIE:PN-NIC' } });
    fireEvent.click(screen.getByTestId('plan-save'));
    expect(await screen.findByText('needs a minimum version')).toBeTruthy();
    expect(bodies[0]).toEqual({
      rebootRequired: true,
      prerequisites: [
        { component: 'BMC', minVersion: '4.1.0' },
        { component: 'PCIE:PN-NIC', minVersion: '1.0' },
      ],
      installOrder: null,
    });

    refuse = false;
    fireEvent.click(screen.getByTestId('plan-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});
