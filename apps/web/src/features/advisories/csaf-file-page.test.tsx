import { ErrorCode } from '@portal/contract';
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { replacePage } from '@/lib/browser-location';
import { changeLocale } from '@/lib/i18n';
import { envelopeResponse, fetchedPaths, okResponse, stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render-with-providers';
import { setUpEachTest } from '@/test/test-hooks';
import { CsafFilePage } from './csaf-file-page';

vi.mock('@/lib/browser-location', () => ({ replacePage: vi.fn(), loadPage: vi.fn(), reloadPage: vi.fn() }));

const JSON_PATH = '/.well-known/csaf/green/2026/pfw-2026-0002.json';
const TICKET_PATH = '/api/advisories/PFW-2026-0002/csaf/ticket';

setUpEachTest({ namespaces: ['advisories'] });

const open = (file: string, advisoryId = 'PFW-2026-0002') =>
  renderWithProviders(<CsafFilePage />, {
    path: paths.csafFile,
    initialEntry: `/security/advisories/${advisoryId}/csaf/${file}`,
  });

const ticketAnswer = () =>
  okResponse({ url: `${JSON_PATH}?ticket=abc_-1`, ticket: 'abc_-1', expiresAt: '2026-01-01T00:05:00Z' });

describe('CsafFilePage', () => {
  it.each([
    ['json', `${JSON_PATH}?ticket=abc_-1`],
    ['asc', `${JSON_PATH}.asc?ticket=abc_-1`],
    ['sha256', `${JSON_PATH}.sha256?ticket=abc_-1`],
    ['sha512', `${JSON_PATH}.sha512?ticket=abc_-1`],
  ])(
    'asks for a ticket of the advisory and replaces itself with the %s file and the ticket',
    async (file, url) => {
      vi.mocked(replacePage).mockClear();
      const fetchStub = stubFetch({
        [TICKET_PATH]: (_url, init) => {
          expect(init.method).toBe('POST');
          return ticketAnswer();
        },
      });
      open(file);
      expect((await screen.findByTestId('csaf-file-opening')).textContent).toContain('PFW-2026-0002');
      await vi.waitFor(() => expect(replacePage).toHaveBeenCalledWith(url));
      expect(replacePage).toHaveBeenCalledTimes(1);
      expect(fetchedPaths(fetchStub).at(-1)).toBe(TICKET_PATH);
    },
  );

  it('says that the reader may not read the file (403), with a way back to the advisory', async () => {
    vi.mocked(replacePage).mockClear();
    stubFetch({
      [TICKET_PATH]: () =>
        envelopeResponse(
          { code: ErrorCode.NO_PERMISSION_RESOURCE, message: 'No permission', data: null },
          403,
        ),
    });
    open('json');
    const failed = await screen.findByTestId('csaf-file-failed');
    expect(failed.textContent).toContain('You may not read this CSAF file');
    const back = within(failed).getByRole('link', { name: 'Back to advisory PFW-2026-0002' });
    expect(back.getAttribute('href')).toBe('/security/advisories/PFW-2026-0002');
    expect(replacePage).not.toHaveBeenCalled();
  });

  it('says so in Chinese when the advisory is not found or not readable (404)', async () => {
    vi.mocked(replacePage).mockClear();
    stubFetch({
      '/api/advisories/PFW-2026-0003/csaf/ticket': () =>
        envelopeResponse({ code: ErrorCode.ADVISORY_NOT_FOUND, message: '未找到', data: null }, 404),
    });
    await act(() => changeLocale('zh-CN'));
    open('sha256', 'PFW-2026-0003');
    const failed = await screen.findByTestId('csaf-file-failed');
    expect(failed.textContent).toContain('该 CSAF 文件不存在或您无权查看');
    expect(within(failed).getByRole('link', { name: '返回安全公告 PFW-2026-0003' })).toBeTruthy();
    expect(replacePage).not.toHaveBeenCalled();
  });

  it('asks nothing for a file an advisory does not have', async () => {
    vi.mocked(replacePage).mockClear();
    const fetchStub = stubFetch({});
    open('pdf');
    expect((await screen.findByTestId('csaf-file-failed')).textContent).toContain(
      'This CSAF file does not exist, or you may not read it',
    );
    expect(fetchStub).not.toHaveBeenCalled();
    expect(replacePage).not.toHaveBeenCalled();
  });
});
