import type { Task } from '@portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { okResponse, stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render-with-providers';
import { setUpEachTest } from '@/test/test-hooks';
import { TasksTable } from './tasks-table';

function buildTask(overrides: Partial<Task>): Task {
  return {
    id: 1,
    type: 'LIST_MIRROR_SN',
    status: 'PENDING',
    summary: 'SN: M7S2U24000101',
    createTime: '2026-11-23T08:00:00.000Z',
    startTime: null,
    endTime: null,
    log: [{ time: '2026-11-23T08:00:00.000Z', level: 'info', message: 'Task created; waiting for a worker' }],
    result: null,
    resultExpired: false,
    canRetry: false,
    ...overrides,
  };
}

const table = () => screen.getByTestId('tasks-table');
const row = (id: number) => table().querySelector(`tr[data-row-key="${id}"]`) as HTMLElement;

setUpEachTest({ namespaces: ['tasks'] });

describe('TasksTable', () => {
  it('follows a running task until it succeeds, then offers its result and log', async () => {
    let polls = 0;
    const succeeded = buildTask({
      status: 'SUCCESS',
      startTime: '2026-11-23T08:00:01.000Z',
      endTime: '2026-11-23T08:00:05.000Z',
      log: [
        { time: '2026-11-23T08:00:00.000Z', level: 'info', message: 'Task created; waiting for a worker' },
        { time: '2026-11-23T08:00:01.000Z', level: 'warn', message: 'SN NOPE: no such server; skipped' },
      ],
      result: { fileName: 'firmware-bundle-1.tar', size: 4096, sha256: 'c'.repeat(64), expiresAt: null },
    });
    stubFetch({
      '/api/tasks': () => {
        polls += 1;
        const task = polls === 1 ? buildTask({ status: 'RUNNING' }) : succeeded;
        return okResponse({ rows: [task], totalRows: 1, pageNo: 1 });
      },
    });
    renderWithProviders(<TasksTable />, { path: '/' });
    await waitFor(() => expect(within(row(1)).getByTestId('task-status').textContent).toBe('Running'));
    expect(within(row(1)).queryByTestId('task-download')).toBeNull();
    // The list refreshes by itself while the task is unfinished.
    await waitFor(() => expect(within(row(1)).getByTestId('task-status').textContent).toBe('Success'));
    expect(within(row(1)).getByTestId('task-download')).toBeTruthy();
    fireEvent.click(within(row(1)).getByTestId('task-log-open'));
    const log = await screen.findByTestId('task-log');
    expect(log.textContent).toContain('SN NOPE: no such server; skipped');
    expect(log.textContent).toContain('firmware-bundle-1.tar');
    expect(within(log).getByTestId('task-result-sha256').textContent).toContain('c'.repeat(64));
  });

  it('retries a failed task', async () => {
    let retried = false;
    stubFetch({
      '/api/tasks': () =>
        okResponse({
          rows: [buildTask({ id: 7, status: retried ? 'PENDING' : 'FAILED', canRetry: !retried })],
          totalRows: 1,
          pageNo: 1,
        }),
      '/api/tasks/7/retry': () => {
        retried = true;
        return okResponse(buildTask({ id: 7, status: 'PENDING' }));
      },
    });
    renderWithProviders(<TasksTable />, { path: '/' });
    await waitFor(() => expect(within(row(7)).getByTestId('task-status').textContent).toBe('Failed'));
    fireEvent.click(within(row(7)).getByTestId('task-retry'));
    await waitFor(() => expect(within(row(7)).getByTestId('task-status').textContent).toBe('Pending'));
    expect(retried).toBe(true);
    expect(within(row(7)).queryByTestId('task-retry')).toBeNull();
  });
});
