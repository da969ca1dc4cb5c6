import { DEFAULT_PAGE_SIZE, type LoginRecord } from '@portal/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLocale } from '@/lib/i18n';
import { pagedRoute, stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render-with-providers';
import { setUpEachTest } from '@/test/test-hooks';
import { LoginRecordsTable } from './login-records-table';

const TOTAL = 23;

/** Record n of the history; higher ids are newer, as the server numbers them. */
function buildLoginRecord(id: number): LoginRecord {
  return {
    id,
    type: id % 2 === 0 ? 'LOGOUT' : 'LOGIN',
    success: id % 3 !== 0,
    message: id % 3 === 0 ? 'Wrong username or password' : 'Login success',
    ip: `10.0.0.${id}`,
    createTime: new Date(Date.UTC(2026, 0, 1, 0, id)).toISOString(),
  };
}

/** The server's answer: newest first, paged by pageNo/pageSize. */
function stubLoginRecordsApi() {
  const all = Array.from({ length: TOTAL }, (_, index) => buildLoginRecord(TOTAL - index));
  return stubFetch({ '/api/sysUser/loginRecords': pagedRoute(all) });
}

const table = () => screen.getByTestId('login-records-table');
const bodyRows = () => Array.from(table().querySelectorAll('tbody tr.ant-table-row'));
const requestedPages = (fetchStub: ReturnType<typeof stubFetch>) =>
  fetchStub.mock.calls.map(([input]) => {
    const url = new URL(String(input), 'http://localhost');
    return `${url.searchParams.get('pageNo')}/${url.searchParams.get('pageSize')}`;
  });

setUpEachTest();

describe('LoginRecordsTable', () => {
  it('shows the first page of ten, newest first, with type, result, message, IP and time', async () => {
    const fetchStub = stubLoginRecordsApi();
    renderWithProviders(<LoginRecordsTable />, { path: '/' });

    await waitFor(() => expect(bodyRows()).toHaveLength(DEFAULT_PAGE_SIZE));
    expect(requestedPages(fetchStub)).toEqual([`1/${DEFAULT_PAGE_SIZE}`]);
    const cells = (row: Element | undefined) =>
      Array.from(row?.querySelectorAll('td') ?? [], (td) => td.textContent);
    expect(cells(bodyRows()[0])).toEqual([
      'Login',
      'Success',
      'Login success',
      '10.0.0.23',
      expect.stringMatching(/^2026-01-01 \d\d:23:00$/),
    ]);
    expect(cells(bodyRows()[2])).toEqual([
      'Login',
      'Failure',
      'Wrong username or password',
      '10.0.0.21',
      expect.any(String),
    ]);
    expect(cells(bodyRows()[1])?.[0]).toBe('Logout');
    expect(table().textContent).toContain('1-10 of 23');
  });

  it('asks the server for the next page and updates the summary', async () => {
    const fetchStub = stubLoginRecordsApi();
    renderWithProviders(<LoginRecordsTable />, { path: '/' });
    await waitFor(() => expect(bodyRows()).toHaveLength(DEFAULT_PAGE_SIZE));

    fireEvent.click(screen.getByTitle('3'));

    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    expect(requestedPages(fetchStub)).toEqual(['1/10', '3/10']);
    expect(table().textContent).toContain('21-23 of 23');
    expect(bodyRows()[0]?.textContent).toContain('10.0.0.3');
  });

  it('writes the summary in Chinese', async () => {
    await act(() => changeLocale('zh-CN'));
    stubLoginRecordsApi();
    renderWithProviders(<LoginRecordsTable />, { path: '/' });
    await waitFor(() => expect(bodyRows()).toHaveLength(DEFAULT_PAGE_SIZE));
    expect(table().textContent).toContain('第 1-10 条，共 23 条');
    expect(bodyRows()[0]?.textContent).toContain('登录');
  });
});
