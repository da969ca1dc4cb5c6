import { ErrorCode, type ReleaseNote } from '@portal/contract';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLocale } from '@/lib/i18n';
import { envelopeResponse, okResponse, stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render-with-providers';
import { setUpEachTest } from '@/test/test-hooks';
import { ReleaseNotesModal } from './release-notes-modal';

function buildReleaseNote(overrides: Partial<ReleaseNote> = {}): ReleaseNote {
  return {
    version: 'v1.0.0',
    createTime: '2024-01-15T08:00:00.000Z',
    content: { '1': ['Firmware search by SN'], '2': [], '3': [] },
    ...overrides,
  };
}

/** Versions v1.0.1 ... v1.0.<count>, one day apart, sent oldest first to prove the sorting. */
const releaseNotes = (count: number) =>
  Array.from({ length: count }, (_, index) =>
    buildReleaseNote({
      version: `v1.0.${index + 1}`,
      createTime: new Date(Date.UTC(2024, 0, index + 1)).toISOString(),
    }),
  );

const renderModal = () => renderWithProviders(<ReleaseNotesModal open onClose={() => {}} />, { path: '/' });
const shownVersions = () =>
  screen.getAllByTestId('release-note-item').map((item) => within(item).getByRole('heading').textContent);

setUpEachTest();

describe('ReleaseNotesModal', () => {
  it('is titled Version information and lists five versions a page, newest first', async () => {
    stubFetch({ '/api/releaseNote/getReleaseNoteList': () => okResponse(releaseNotes(7)) });
    renderModal();

    expect(await screen.findByText('Version information')).toBeTruthy();
    await screen.findAllByTestId('release-note-item');
    expect(shownVersions()).toEqual(['v1.0.7', 'v1.0.6', 'v1.0.5', 'v1.0.4', 'v1.0.3']);

    fireEvent.click(screen.getByTitle('2'));
    expect(shownVersions()).toEqual(['v1.0.2', 'v1.0.1']);
  });

  it('shows the three change lists under translated headings, skipping empty ones', async () => {
    const note = buildReleaseNote({
      content: { '1': ['SN lookup', 'PN lookup'], '2': [], '3': ['Login redirect fixed'] },
    });
    stubFetch({ '/api/releaseNote/getReleaseNoteList': () => okResponse([note]) });
    renderModal();

    const [item] = await screen.findAllByTestId('release-note-item');
    const sections = (item as HTMLElement).querySelectorAll('section');
    expect([...sections].map((section) => section.dataset.kind)).toEqual(['1', '3']);
    expect(within(sections[0] as HTMLElement).getByText('New')).toBeTruthy();
    expect(within(sections[0] as HTMLElement).getAllByRole('listitem')).toHaveLength(2);
    expect(within(sections[1] as HTMLElement).getByText('Hotfix')).toBeTruthy();
    expect(screen.queryByTitle('1')).toBeNull(); // one page: no pager
  });

  it('shows the failure message when the list cannot be loaded', async () => {
    stubFetch({
      '/api/releaseNote/getReleaseNoteList': () =>
        envelopeResponse({ code: ErrorCode.SERVER_ERROR, message: 'boom' }, 500),
    });
    renderModal();

    expect(await screen.findByText('Failed to view version information')).toBeTruthy();
    expect(screen.queryAllByTestId('release-note-item')).toHaveLength(0);
  });

  it('shows the failure message in Chinese too', async () => {
    await act(() => changeLocale('zh-CN'));
    stubFetch({ '/api/releaseNote/getReleaseNoteList': () => envelopeResponse({}, 500) });
    renderModal();

    expect(await screen.findByText('查看版本信息异常')).toBeTruthy();
    expect(screen.getByText('版本信息')).toBeTruthy();
  });
});
