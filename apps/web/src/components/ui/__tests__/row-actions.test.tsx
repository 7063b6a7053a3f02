import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RowActions } from '../row-actions';

describe('RowActions', () => {
  it('names each icon button after its action and the row', () => {
    render(
      <RowActions
        rowLabel="Ada Obi"
        actions={[
          { type: 'view', onClick: vi.fn() },
          { type: 'edit', onClick: vi.fn() },
        ]}
      />,
    );
    expect(screen.getByRole('button', { name: 'View Ada Obi' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit Ada Obi' })).toBeTruthy();
  });

  it('opens the browser print dialog for print', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    render(<RowActions actions={[{ type: 'print' }]} />);
    await userEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
  });

  it('asks before deleting and only deletes on confirmation', async () => {
    const user = userEvent.setup();
    const onDelete = vi.fn();
    render(<RowActions rowLabel="Ada Obi" actions={[{ type: 'delete', onClick: onDelete, confirm: { title: 'Delete Ada Obi?', confirmLabel: 'Delete' } }]} />);
    await user.click(screen.getByRole('button', { name: 'Delete Ada Obi' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Ada Obi?' });
    expect(onDelete).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(dialog.isConnected).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete Ada Obi' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onDelete).toHaveBeenCalledOnce();
  });
});
