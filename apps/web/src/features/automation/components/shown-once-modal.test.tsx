import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render-with-providers';
import { setUpEachTest } from '@/test/test-hooks';
import { ShownOnceModal } from './shown-once-modal';

setUpEachTest();

function openModal() {
  const onClose = vi.fn();
  renderWithProviders(
    <ShownOnceModal
      open
      onClose={onClose}
      afterClose={() => {}}
      title="Token created"
      warning="Copy it now: it is not shown again"
      doneText="Done"
      testId="secret-created"
    >
      <p>the secret</p>
    </ShownOnceModal>,
    { path: '/' },
  );
  return onClose;
}

describe('ShownOnceModal', () => {
  it('warns that the secret is shown once, above it', async () => {
    openModal();
    const dialog = await screen.findByTestId('secret-created');
    expect(screen.getByRole('alert').textContent).toBe('Copy it now: it is not shown again');
    expect(dialog.textContent).toContain('the secret');
  });

  it('is closed by its button, not by a click beside it', async () => {
    const onClose = openModal();
    await screen.findByTestId('secret-created');
    const wrap = document.querySelector('.ant-modal-wrap');
    expect(wrap).not.toBeNull();
    // The dialog library closes on a click that began on the mask: press, then click.
    fireEvent.mouseDown(wrap as Element);
    fireEvent.click(wrap as Element);
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('secret-created-close'));
    expect(onClose).toHaveBeenCalledOnce();
  });
});
