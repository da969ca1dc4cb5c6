import { ErrorCode, type Profile } from '@portal/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { getCurrentLocale } from '@/lib/i18n';
import { envelopeResponse, fetchedPaths, okResponse, stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render-with-providers';
import { setUpEachTest } from '@/test/test-hooks';
import { buildDictTree, buildProfile } from '../test-data';
import { BaseSettings } from './base-settings';

const input = (testId: string) => screen.getByTestId<HTMLInputElement>(testId);
const fileInput = () => {
  const element = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!element) throw new Error('no file input');
  return element;
};
const choose = (file: File) => act(() => fireEvent.change(fileInput(), { target: { files: [file] } }));
const imageOf = (type: string, bytes = 10) =>
  new File([new Uint8Array(bytes)], `avatar.${type.split('/')[1]}`, { type });

/** The profile endpoints; `saved` collects the bodies of updateInfo. */
function stubProfileApi(profile: Profile = buildProfile(), extra: Parameters<typeof stubFetch>[0] = {}) {
  const saved: unknown[] = [];
  const fetchStub = stubFetch({
    '/api/sysUser/profile': () => okResponse(profile),
    '/api/sysDictType/tree': () => okResponse(buildDictTree()),
    '/api/sysUser/updateInfo': (_url, init) => {
      const body = JSON.parse(String(init.body)) as Partial<Profile>;
      saved.push(body);
      return okResponse({ ...profile, ...body });
    },
    ...extra,
  });
  return { fetchStub, saved };
}

const renderPage = () => renderWithProviders(<BaseSettings />, { path: '/' });

setUpEachTest();

describe('BaseSettings', () => {
  it('shows the profile, with email and phone read-only and a way to the security page', async () => {
    stubProfileApi(buildProfile({ phone: '' }));
    renderPage();
    expect((await screen.findByTestId<HTMLInputElement>('base-nickname')).value).toBe('Demo');
    expect(input('base-company').value).toBe('Demo Cloud Co., Ltd.');
    expect(screen.getByTestId('base-email').textContent).toBe('demo@example.com');
    expect(screen.getByTestId('base-phone').textContent).toBe('Not set');
    expect(screen.queryByTestId('base-email')?.querySelector('input')).toBeNull();
    const links = screen.getAllByRole('link', { name: 'Change in the security settings' });
    expect(links[0]?.getAttribute('href')).toBe('/account/settings/security');
    // The industry dictionary gives the label of the stored code.
    expect(await within(screen.getByTestId('base-industry')).findByText('Internet')).toBeTruthy();
  });

  it('saves the edited fields and says so', async () => {
    const { saved } = stubProfileApi();
    renderPage();
    fireEvent.change(await screen.findByTestId('base-nickname'), { target: { value: 'Neo' } });
    fireEvent.change(input('base-company'), { target: { value: 'Acme' } });
    fireEvent.click(screen.getByTestId('base-submit'));

    expect(await screen.findByText('Basic information saved')).toBeTruthy();
    expect(saved).toEqual([
      { nickName: 'Neo', name: 'Demo Customer', company: 'Acme', industry: 'internet', locale: 'en-US' },
    ]);
  });

  it('asks for a nickname before sending anything', async () => {
    const { fetchStub } = stubProfileApi();
    renderPage();
    fireEvent.change(await screen.findByTestId('base-nickname'), { target: { value: ' ' } });
    fireEvent.click(screen.getByTestId('base-submit'));
    expect(await screen.findByText('Please enter a nickname')).toBeTruthy();
    expect(fetchedPaths(fetchStub)).not.toContain('/api/sysUser/updateInfo');
  });

  it('shows the language in use, saves it, and switches the interface when another one is chosen', async () => {
    // The account still says Chinese; this browser shows English.
    const { saved } = stubProfileApi(buildProfile({ locale: 'zh-CN' }));
    renderPage();
    const language = await screen.findByTestId('base-locale');
    expect(language.textContent).toContain('English');
    fireEvent.click(screen.getByTestId('base-submit'));
    await screen.findByText('Basic information saved');
    expect(saved.at(-1)).toMatchObject({ locale: 'en-US' });
    expect(getCurrentLocale()).toBe('en-US');

    fireEvent.mouseDown(within(language).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('中文'));
    fireEvent.click(screen.getByTestId('base-submit'));
    await waitFor(() => expect(getCurrentLocale()).toBe('zh-CN'));
    expect(saved.at(-1)).toMatchObject({ locale: 'zh-CN' });
    expect(await screen.findByText('基本信息已保存')).toBeTruthy();
    expect(screen.getByText('昵称')).toBeTruthy();
  });

  it('shows the server message and marks the field it names', async () => {
    stubProfileApi(buildProfile(), {
      '/api/sysUser/updateInfo': () =>
        envelopeResponse(
          {
            code: ErrorCode.PARAM_ERROR,
            message: 'Invalid parameters',
            data: [{ field: 'industry', message: 'choose an industry from the list' }],
          },
          400,
        ),
    });
    renderPage();
    await screen.findByTestId('base-nickname');
    fireEvent.click(screen.getByTestId('base-submit'));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Basic information not saved');
    expect(alert.textContent).toContain('Invalid parameters');
    expect(await screen.findByText('choose an industry from the list')).toBeTruthy();
  });
});

describe('avatar upload', () => {
  it('refuses other image types and images over 2 MB without calling the server', async () => {
    const { fetchStub } = stubProfileApi();
    renderPage();
    await screen.findByTestId('avatar-upload');

    await choose(imageOf('image/gif'));
    expect((await screen.findByTestId('avatar-problem')).textContent).toBe(
      'Only PNG, JPEG or WebP images can be uploaded',
    );
    await choose(imageOf('image/png', 2 * 1024 * 1024 + 1));
    expect((await screen.findByTestId('avatar-problem')).textContent).toBe(
      'The image must not be larger than 2 MB',
    );
    expect(fetchedPaths(fetchStub)).not.toContain('/api/sysFileInfo/uploadAvatar');
  });

  it('uploads the file as multipart field `file`, then previews the new avatar fetched with the session', async () => {
    let profile = buildProfile();
    const uploads: FormData[] = [];
    const createObjectURL = vi.fn(() => 'blob:avatar-1');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const { fetchStub } = stubProfileApi(profile, {
      '/api/sysUser/profile': () => okResponse(profile),
      '/api/sysFileInfo/uploadAvatar': (_url, init) => {
        uploads.push(init.body as FormData);
        profile = { ...profile, avatar: 'file-1' };
        return okResponse({ id: 'file-1', size: 10, contentType: 'image/png' });
      },
      '/api/sysFileInfo/preview': () => new Response('png', { headers: { 'Content-Type': 'image/png' } }),
    });
    renderPage();
    await screen.findByTestId('avatar-upload');

    await choose(imageOf('image/png'));
    expect(await screen.findByText('Avatar updated')).toBeTruthy();
    expect((uploads[0]?.get('file') as File).type).toBe('image/png');
    await waitFor(() =>
      expect(screen.getByTestId('avatar-preview').querySelector('img')?.getAttribute('src')).toBe(
        'blob:avatar-1',
      ),
    );
    const preview = fetchStub.mock.calls.find(([url]) => String(url).includes('/sysFileInfo/preview'));
    expect(new URL(String(preview?.[0]), 'http://localhost').searchParams.get('id')).toBe('file-1');
  });

  it('shows the server refusal of a file', async () => {
    stubProfileApi(buildProfile(), {
      '/api/sysFileInfo/uploadAvatar': () =>
        envelopeResponse(
          { code: ErrorCode.FILE_TYPE_NOT_ALLOWED, message: 'Only PNG, JPEG, WebP images' },
          415,
        ),
    });
    renderPage();
    await screen.findByTestId('avatar-upload');
    await choose(imageOf('image/webp'));
    expect((await screen.findByTestId('avatar-problem')).textContent).toBe('Only PNG, JPEG, WebP images');
  });
});
