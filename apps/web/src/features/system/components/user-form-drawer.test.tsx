import { USER_CONTACT_MAX_LENGTHS } from '@portal/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { okResponse, stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render-with-providers';
import { setUpEachTest } from '@/test/test-hooks';
import { UserFormDrawer } from './user-form-drawer';

setUpEachTest();

describe('UserFormDrawer', () => {
  it("stops typing at the server's limit of each contact field and sends what was typed", async () => {
    const sent: unknown[] = [];
    stubFetch({
      '/api/sysUser/roleOptions': () => okResponse([{ code: 'customer', name: 'Customer' }]),
      '/api/sysUser/add': (_url, init) => {
        sent.push(JSON.parse(String(init.body)));
        return okResponse({ id: 7 });
      },
    });
    renderWithProviders(<UserFormDrawer onClose={() => {}} />, { path: '/' });

    for (const [field, max] of Object.entries(USER_CONTACT_MAX_LENGTHS)) {
      const testId = `user-${field === 'nickName' ? 'nickname' : field}`;
      expect(screen.getByTestId(testId).getAttribute('maxlength'), field).toBe(String(max));
    }
    fireEvent.change(screen.getByTestId('user-account'), { target: { value: 'ops.lead' } });
    fireEvent.change(screen.getByTestId('user-password'), { target: { value: 'Strong#Pass1' } });
    fireEvent.change(screen.getByTestId('user-nickname'), { target: { value: 'Lead' } });
    fireEvent.change(screen.getByTestId('user-company'), { target: { value: 'Example Co' } });
    fireEvent.click(screen.getByTestId('user-save'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      account: 'ops.lead',
      nickName: 'Lead',
      company: 'Example Co',
      adminType: '2',
    });
  });

  it('asks for the nickname before sending', async () => {
    const sent: unknown[] = [];
    stubFetch({
      '/api/sysUser/roleOptions': () => okResponse([]),
      '/api/sysUser/add': (_url, init) => {
        sent.push(init.body);
        return okResponse({ id: 7 });
      },
    });
    renderWithProviders(<UserFormDrawer onClose={() => {}} />, { path: '/' });
    fireEvent.change(screen.getByTestId('user-account'), { target: { value: 'ops.lead' } });
    fireEvent.change(screen.getByTestId('user-password'), { target: { value: 'Strong#Pass1' } });
    fireEvent.click(screen.getByTestId('user-save'));
    expect(await screen.findAllByText('Required')).not.toHaveLength(0);
    expect(sent).toHaveLength(0);
  });
});
