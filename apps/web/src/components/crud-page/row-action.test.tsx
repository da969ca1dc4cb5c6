import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RowAction, RowActions } from './row-action';

describe('RowAction', () => {
  it('acts at once without a question', () => {
    const onClick = vi.fn();
    render(<RowAction onClick={onClick}>Edit</RowAction>);
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('asks first and acts only on yes', async () => {
    const onClick = vi.fn();
    render(
      <RowAction onClick={onClick} confirm="Delete role ops?" danger>
        Delete
      </RowAction>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onClick).not.toHaveBeenCalled();
    await screen.findByText('Delete role ops?');
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(onClick).toHaveBeenCalledOnce());
  });

  it('tells why it is disabled and does nothing', () => {
    const onClick = vi.fn();
    render(
      <RowAction onClick={onClick} confirm="Delete?" disabled hint="Built-in roles stay">
        Delete
      </RowAction>,
    );
    const button = screen.getByRole('button', { name: 'Delete' });
    expect(button.getAttribute('title')).toBe('Built-in roles stay');
    expect((button as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('RowActions', () => {
  it('keeps its clicks from the row', () => {
    const onRowClick = vi.fn();
    const onClick = vi.fn();
    render(
      <div onClick={onRowClick}>
        <RowActions testId="actions">
          <RowAction onClick={onClick}>Edit</RowAction>
        </RowActions>
      </div>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(onClick).toHaveBeenCalledOnce();
    expect(onRowClick).not.toHaveBeenCalled();
  });
});
