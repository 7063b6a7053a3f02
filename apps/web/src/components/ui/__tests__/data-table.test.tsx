import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DataTable, type TableColumn } from '../data-table';
import { RowActions } from '../row-actions';

interface Row {
  id: number;
  name: string;
}

const columns: TableColumn<Row>[] = [{ id: 'name', name: 'Name', selector: (row) => row.name, sortable: true }];

function rows(count: number): Row[] {
  // Names sort in the opposite order to ids, so sorting visibly changes the first row.
  return Array.from({ length: count }, (_, index) => ({ id: index + 1, name: `Student ${String(count - index).padStart(2, '0')}` }));
}

describe('DataTable', () => {
  it('shows the rows-per-page label and the range of the first page', () => {
    render(<DataTable columns={columns} data={rows(23)} />);
    expect(screen.getByText('Rows per page:')).toBeTruthy();
    expect(screen.getByText('1-10 of 23')).toBeTruthy();
    expect(screen.getByText('Student 23')).toBeTruthy();
    expect(screen.queryByText('Student 13')).toBeNull();
  });

  it('offers 10, 15, 20, 25 and 30 rows per page', () => {
    render(<DataTable columns={columns} data={rows(23)} />);
    const select = screen.getByLabelText('Rows per page:');
    const options = within(select)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual(['10', '15', '20', '25', '30']);
  });

  it('says there are no records when it is empty', () => {
    render(<DataTable columns={columns} data={[]} />);
    expect(screen.getByText('There are no records to display')).toBeTruthy();
  });

  it('says Loading... while rows are loading', () => {
    render(<DataTable columns={columns} data={[]} progressPending />);
    expect(screen.getByText('Loading...')).toBeTruthy();
  });

  it('counts selected rows as item(s) selected', async () => {
    const user = userEvent.setup();
    render(<DataTable columns={columns} data={rows(5)} selectableRows />);
    const checkboxes = screen.getAllByRole('checkbox');
    // the first checkbox selects all; the next ones are the rows
    await user.click(checkboxes[1]);
    await user.click(checkboxes[2]);
    expect(await screen.findByText('2 item(s) selected')).toBeTruthy();
  });

  it('goes back to page 1 when the rows are sorted', async () => {
    const user = userEvent.setup();
    render(<DataTable columns={columns} data={rows(23)} />);
    await user.click(screen.getByRole('button', { name: 'Next Page' }));
    expect(screen.getByText('11-20 of 23')).toBeTruthy();
    await user.click(screen.getByText('Name'));
    expect(await screen.findByText('1-10 of 23')).toBeTruthy();
    expect(screen.getByText('Student 01')).toBeTruthy();
  });

  it('moves to the last page that still exists when rows shrink', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<DataTable columns={columns} data={rows(23)} />);
    await user.click(screen.getByRole('button', { name: 'Last Page' }));
    expect(screen.getByText('21-23 of 23')).toBeTruthy();
    rerender(<DataTable columns={columns} data={rows(12)} />);
    expect(await screen.findByText('11-12 of 12')).toBeTruthy();
  });

  it('keeps a row’s open confirmation bound to that row when a filter applies late, and goes back to page 1', async () => {
    const deleted: string[] = [];
    const withActions: TableColumn<Row>[] = [
      ...columns,
      { name: 'Action', cell: (r) => <RowActions rowLabel={r.name} actions={[{ type: 'delete', confirm: true, onClick: () => void deleted.push(r.name) }]} /> },
    ];
    const user = userEvent.setup();
    const all = rows(23);
    const { rerender } = render(<DataTable columns={withActions} data={all} resetKey="" />);
    await user.click(screen.getByRole('button', { name: 'Next Page' }));
    expect(screen.getByText('11-20 of 23')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Delete Student 13' }));
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    // the search typed a moment ago arrives now: Student 13 is the only match
    rerender(<DataTable columns={withActions} data={all.filter((r) => r.name === 'Student 13')} resetKey="13" />);
    expect(screen.getByText('1-1 of 1')).toBeTruthy();
    const dialog = screen.getByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(deleted).toEqual(['Student 13']);
  });
});
