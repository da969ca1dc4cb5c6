import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type AccessSubject, AccessProvider, Authorized, hasPermission } from './access';

const ordinary: AccessSubject = { adminType: '2', permissions: ['firmware:download'] };
const superAdmin: AccessSubject = { adminType: '1', permissions: [] };

describe('hasPermission', () => {
  it('grants a code in the permission list', () => {
    expect(hasPermission(ordinary, 'firmware:download')).toBe(true);
  });

  it('refuses a code missing from the list', () => {
    expect(hasPermission(ordinary, 'sysUser:edit')).toBe(false);
  });

  it('grants everything to a super admin', () => {
    expect(hasPermission(superAdmin, 'anything:at-all')).toBe(true);
  });

  it('refuses everything without a user', () => {
    expect(hasPermission(undefined, 'firmware:download')).toBe(false);
  });
});

describe('<Authorized>', () => {
  const renderFor = (user: AccessSubject, code: string) =>
    render(
      <AccessProvider user={user}>
        <Authorized code={code} fallback={<span>no access</span>}>
          <button type="button">Publish</button>
        </Authorized>
      </AccessProvider>,
    );

  it('renders the control for a user holding the code', () => {
    renderFor({ adminType: '2', permissions: ['firmware:publish'] }, 'firmware:publish');
    expect(screen.getByRole('button', { name: 'Publish' })).toBeTruthy();
  });

  it('hides the control (showing the fallback) otherwise', () => {
    renderFor({ adminType: '2', permissions: [] }, 'firmware:publish');
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByText('no access')).toBeTruthy();
  });

  it('hides the control outside a provider', () => {
    render(
      <Authorized code="firmware:publish">
        <button type="button">Publish</button>
      </Authorized>,
    );
    expect(screen.queryByRole('button')).toBeNull();
  });
});
