import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ListPage, useListPage } from './list-page.tsx';

interface Row {
  id: number;
  name: string;
}
const rows: Row[] = [
  { id: 1, name: 'First' },
  { id: 2, name: 'Second' },
];

function Page({ remove }: { remove: (row: Row) => Promise<boolean> }) {
  const list = useListPage<Row>();
  return (
    <ListPage<Row>
      state={list}
      newLabel="New row"
      renderForm={(row, close) => (
        <div role="dialog" aria-label={row ? `Edit ${row.name}` : 'New'}>
          <button onClick={close}>Close form</button>
        </div>
      )}
      confirm={{ titleId: 'row-delete-title', title: (row) => `Delete ${row?.name ?? ''}?`, text: () => 'It goes for good.', label: 'Delete', cancelLabel: 'Cancel', color: 'error', pending: false, run: remove }}
    >
      <ul>
        {rows.map((row) => (
          <li key={row.id}>
            {row.name}
            <button onClick={() => list.edit(row)}>Edit {row.name}</button>
            <button onClick={() => list.confirm(row)}>Delete {row.name}</button>
          </li>
        ))}
      </ul>
    </ListPage>
  );
}

describe('ListPage', () => {
  it('opens the form empty from New, on its row from Edit, and closes it', () => {
    render(<Page remove={async () => true} />);
    fireEvent.click(screen.getByRole('button', { name: 'New row' }));
    expect(screen.getByRole('dialog', { name: 'New' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close form' }));
    expect(screen.queryByRole('dialog', { name: 'New' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Second' }));
    expect(screen.getByRole('dialog', { name: 'Edit Second' })).toBeTruthy();
  });

  it('asks before deleting, keeps asking when the action fails, and closes once it is done', async () => {
    const removed: string[] = [];
    let succeed = false;
    render(<Page remove={async (row) => (removed.push(row.name), succeed)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete First' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete First?' });
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(removed).toEqual(['First']));
    expect(dialog.isConnected && screen.queryByRole('dialog', { name: 'Delete First?' })).toBeTruthy();
    succeed = true;
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete First?' })).toBeNull());
    expect(removed).toEqual(['First', 'First']);
  });
});
