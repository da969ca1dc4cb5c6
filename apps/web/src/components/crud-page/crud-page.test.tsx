import { fireEvent, render, screen } from '@testing-library/react';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AccessProvider } from '@/lib/access';
import { CrudPage } from './crud-page';

const renderAs = (permissions: string[], ui: ReactNode) =>
  render(
    <AccessProvider user={{ adminType: '2', permissions }}>
      <App>{ui}</App>
    </AccessProvider>,
  );

describe('CrudPage', () => {
  it('shows the title, a searchable toolbar and the table', () => {
    const onSearch = vi.fn();
    renderAs(
      [],
      <CrudPage
        title="Users"
        testId="users-page"
        search={{ placeholder: 'Account or name', onSearch, testId: 'user-search' }}
        toolbar={<span>More filters</span>}
      >
        <table data-testid="the-table" />
      </CrudPage>,
    );
    const page = screen.getByTestId('users-page');
    expect(page.textContent).toContain('Users');
    expect(page.textContent).toContain('More filters');
    expect(screen.getByTestId('the-table')).toBeTruthy();
    // The search box keeps a name for screen readers once the placeholder is gone.
    const search = screen.getByRole('searchbox', { name: 'Account or name' });
    fireEvent.change(search, { target: { value: 'demo' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(onSearch).toHaveBeenCalledWith('demo', expect.anything(), expect.anything());
  });

  it('shows the New button only to those holding its permission', () => {
    const onClick = vi.fn();
    const page = (
      <CrudPage
        title="Roles"
        testId="roles-page"
        create={{ label: 'New role', onClick, testId: 'role-new', permission: 'role:add' }}
      >
        <div />
      </CrudPage>
    );
    const { unmount } = renderAs([], page);
    expect(screen.queryByTestId('role-new')).toBeNull();
    unmount();
    renderAs(['role:add'], page);
    fireEvent.click(screen.getByTestId('role-new'));
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('shows a failed load as an alert', () => {
    renderAs(
      [],
      <CrudPage title="Menus" testId="menus-page" error={new Error('No such application')}>
        <div />
      </CrudPage>,
    );
    expect(screen.getByRole('alert').textContent).toContain('No such application');
  });
});
