import type { OutboxEntry } from '@portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@/lib/format';
import { envelopeResponse, pagedRoute, stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render-with-providers';
import { setUpEachTest } from '@/test/test-hooks';
import { OutboxTable } from './outbox-table';

const NEXT_ATTEMPT = '2026-11-01T01:02:30.000Z';
const MAIL: OutboxEntry[] = Array.from({ length: 12 }, (_, index) => ({
  id: 100 - index,
  channel: 'mail',
  recipient: `user${index}@example.com`,
  subject: `Your verification code ${index}`,
  body: `Code: ${String(100000 + index)}\nValid for 10 minutes.`,
  status: index === 0 ? 'failed' : index === 1 ? 'queued' : index === 2 ? 'expired' : 'logged',
  error: index < 3 ? 'connect ECONNREFUSED 127.0.0.1:25' : null,
  createTime: new Date(Date.UTC(2026, 10, 1, 0, 60 - index)).toISOString(),
  attempts: index === 1 ? 3 : index < 3 ? 1 : 0,
  nextAttemptTime: index === 1 ? NEXT_ATTEMPT : null,
  sentTime: null,
}));
const SMS: OutboxEntry[] = [
  {
    id: 7,
    channel: 'sms',
    recipient: '13800000000',
    subject: '',
    body: 'Your code is 654321',
    status: 'logged',
    error: null,
    createTime: new Date(Date.UTC(2026, 10, 2)).toISOString(),
    attempts: null,
    nextAttemptTime: null,
    sentTime: null,
  },
];

function stubOutboxApi() {
  return stubFetch({
    '/api/sysMessage/outbox': (url, init) =>
      pagedRoute(url.searchParams.get('channel') === 'sms' ? SMS : MAIL)(url, init),
  });
}

const table = () => screen.getByTestId('outbox-table');
const bodyRows = () => Array.from(table().querySelectorAll('tbody tr.ant-table-row'));
const requested = (fetchStub: ReturnType<typeof stubFetch>) =>
  fetchStub.mock.calls.map(([input]) => {
    const url = new URL(String(input), 'http://localhost');
    return `${url.searchParams.get('channel')}:${url.searchParams.get('pageNo')}`;
  });

setUpEachTest();

describe('OutboxTable', () => {
  it('lists mail first, ten a page, with status, summary and the full message on expanding', async () => {
    const fetchStub = stubOutboxApi();
    renderWithProviders(<OutboxTable />, { path: '/' });

    await waitFor(() => expect(bodyRows()).toHaveLength(10));
    expect(bodyRows()[0]?.textContent).toContain('user0@example.com');
    expect(bodyRows()[0]?.textContent).toContain('Your verification code 0');
    expect(bodyRows()[0]?.textContent).toContain('Failed');
    expect(bodyRows()[3]?.textContent).toContain('Logged only');
    expect(table().textContent).toContain('1-10 of 12');

    fireEvent.click(within(bodyRows()[0] as HTMLElement).getByRole('button'));
    const entry = await screen.findByTestId('outbox-entry');
    expect(entry.textContent).toContain('Code: 100000');
    expect(entry.textContent).toContain('Last failed attempt: connect ECONNREFUSED 127.0.0.1:25');

    fireEvent.click(within(table()).getByTitle('2'));
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    expect(requested(fetchStub)).toEqual(['mail:1', 'mail:2']);
  });

  it('shows a queued mail with its attempts and next attempt, and an expired one, in words', async () => {
    stubOutboxApi();
    renderWithProviders(<OutboxTable />, { path: '/' });
    await waitFor(() => expect(bodyRows()).toHaveLength(10));
    const headings = within(table())
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headings).toEqual(expect.arrayContaining(['Attempts', 'Next attempt']));
    const queued = within(bodyRows()[1] as HTMLElement)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(queued).toContain('Queued (retried until the mail server takes it)');
    expect(queued).toContain('3');
    expect(queued).toContain(formatDateTime(NEXT_ATTEMPT));
    expect(bodyRows()[2]?.textContent).toContain('Expired before delivery (not sent)');
    // No status is shown as its raw value.
    for (const row of bodyRows())
      expect(within(row as HTMLElement).queryByText(/^(queued|expired|failed|logged|sent)$/)).toBeNull();
  });

  it('switches to SMS from the first page and shows the message instead of a subject', async () => {
    const fetchStub = stubOutboxApi();
    renderWithProviders(<OutboxTable />, { path: '/' });
    await waitFor(() => expect(bodyRows()).toHaveLength(10));

    fireEvent.click(screen.getByText('SMS'));
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(bodyRows()[0]?.textContent).toContain('Your code is 654321');
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toContain('Message');
    expect(table().textContent).not.toContain('Next attempt');
    expect(requested(fetchStub)).toEqual(['mail:1', 'sms:1']);
  });

  it('shows the server message when the staff member lacks the permission', async () => {
    stubFetch({
      '/api/sysMessage/outbox': () =>
        envelopeResponse({ code: 1013002, message: 'No permission to access this resource' }, 403),
    });
    renderWithProviders(<OutboxTable />, { path: '/' });
    expect(await screen.findByText('The outbox could not be loaded')).toBeTruthy();
    expect(screen.getByText('No permission to access this resource')).toBeTruthy();
  });
});
