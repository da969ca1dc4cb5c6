import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FailureAlert, failureOf } from './failure-alert';

describe('failureOf', () => {
  it('is nothing without an error', () => {
    expect(failureOf(null, 'Loading failed')).toBeUndefined();
  });

  it('puts the fixed title over the message, or makes the message the title', () => {
    const error = new Error('Server is down');
    expect(failureOf(error, 'Loading failed')).toEqual({ title: 'Loading failed', detail: 'Server is down' });
    expect(failureOf(error)).toEqual({ title: 'Server is down' });
  });
});

describe('FailureAlert', () => {
  it('announces the failure, spaced from what follows by the gap asked for', () => {
    const { rerender } = render(<FailureAlert failure={{ title: 'Saving failed', detail: 'Too long' }} />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Saving failed');
    expect(alert.textContent).toContain('Too long');
    expect(alert.style.marginBottom).toBe('16px');
    rerender(<FailureAlert failure={{ title: 'Saving failed' }} gap={0} />);
    expect(screen.getByRole('alert').style.marginBottom).toBe('0px');
  });

  it('shows nothing when there is no failure', () => {
    render(<FailureAlert failure={undefined} />);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
