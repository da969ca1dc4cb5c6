import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setUpEachTest } from '@/test/test-hooks';
import { RemoteSelect } from './remote-select';

const INDUSTRIES = [{ value: 'finance', label: 'Finance' }];

/** What the closed select shows as its value. */
const shown = () => screen.getByTestId('industry').textContent;

setUpEachTest();

describe('RemoteSelect', () => {
  it('reads "Loading…", not the raw code, until the options arrive; then their label', () => {
    const { rerender } = render(<RemoteSelect pending value="finance" options={[]} data-testid="industry" />);
    expect(shown()).toBe('Loading…');
    expect(shown()).not.toContain('finance');
    rerender(<RemoteSelect pending={false} value="finance" options={INDUSTRIES} data-testid="industry" />);
    expect(shown()).toBe('Finance');
  });

  it('names a value the loaded list no longer has as unavailable, in every mode', () => {
    const { rerender } = render(
      <RemoteSelect pending={false} value="mining" options={INDUSTRIES} data-testid="industry" />,
    );
    expect(shown()).toBe('No longer available');
    rerender(
      <RemoteSelect
        pending={false}
        mode="multiple"
        value={['finance', 'mining']}
        options={INDUSTRIES}
        data-testid="industry"
      />,
    );
    expect(shown()).toContain('Finance');
    expect(shown()).toContain('No longer available');
    expect(shown()).not.toContain('mining');
  });

  it('shows the placeholder when nothing is chosen', () => {
    render(
      <RemoteSelect pending value={undefined} placeholder="Choose" options={[]} data-testid="industry" />,
    );
    expect(shown()).toContain('Choose');
  });
});
