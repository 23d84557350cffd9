import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ColumnSetting, Preferences } from '@/api/preferences';
import type { SavedView } from '@/api/saved-views';
import { DataTable } from '@/components/data-table';
import { PHONE_QUERY } from '@/components/row-cards';
import { findDialog } from '@/test/dialog';
import { mockFetch, type MockRoutes } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import { useListParams } from '@/lib/use-list-params';

interface Row {
  _id: string;
  name: string;
  email: string;
  phone: string;
}

const rows: Row[] = [
  { _id: 'u1', name: 'Aisha Khan', email: 'aisha@example.com', phone: '050 111 2222' },
  { _id: 'u2', name: 'Omar Saleh', email: 'omar@example.com', phone: '050 333 4444' },
];

const onEdit = vi.fn();

function Users() {
  const list = useListParams(['status']);
  return (
    <DataTable<Row>
      listKey="users"
      aria-label="Staff users"
      columns={[
        { key: 'name', title: 'Name', dataIndex: 'name', sorter: true },
        { key: 'email', title: 'Email', dataIndex: 'email' },
        { key: 'phone', title: 'Phone', dataIndex: 'phone' },
        { key: 'actions', title: 'Actions', render: (_, row) => <Button onClick={() => onEdit(row._id)}>{`Edit ${row.name}`}</Button> },
      ]}
      rows={rows}
      total={2}
      list={list}
      rowName={(row) => row.name}
    />
  );
}

const jsonBody = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as unknown;

function view(fields: Partial<SavedView>): SavedView {
  return {
    _id: 'v1',
    list: 'users',
    name: 'Khan only',
    shared: false,
    mine: true,
    ownerName: 'Amira Haddad',
    search: 'khan',
    sortBy: 'name',
    sortOrder: 'asc',
    filters: { status: 'Active' },
    columns: null,
    createdAt: '2026-11-29T10:00:00Z',
    updatedAt: '2026-11-29T10:00:00Z',
    ...fields,
  };
}

/** The server: GET preferences and views answer what is given; the calls made are recorded. */
function server({ columns, density = 'comfortable', views = [], more = {} }: { columns?: ColumnSetting[]; density?: Preferences['density']; views?: SavedView[]; more?: MockRoutes }) {
  const preferences: Preferences = { density, lists: columns ? { users: { columns } } : {} };
  return mockFetch({
    'GET /api/me/preferences': { body: preferences },
    'GET /api/saved-views?list=users': { body: { items: views } },
    ...more,
  });
}

const calls = (fetch: ReturnType<typeof mockFetch>, method: string, path: string) =>
  fetch.mock.calls.filter(([input, init]) => String(input) === path && (init?.method ?? 'GET') === method).map(([, init]) => init);

/** What the saved-views picker shows as chosen (its placeholder when none). */
const picked = () => screen.getByRole('combobox', { name: 'Saved views' }).closest('.ant-select')?.textContent ?? '';

const headers = () => screen.getAllByRole('columnheader').map((cell) => cell.textContent);

async function openChooser(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Columns' }));
  return screen.findByRole('group', { name: 'Columns' });
}

describe('DataTable column chooser', () => {
  it('hides a column and keeps the choice on the server; actions stays', async () => {
    const fetch = server({ more: { 'PUT /api/me/lists/users/columns': (init) => ({ body: { listKey: 'users', ...(jsonBody(init) as object) } }) } });
    const user = userEvent.setup();
    renderWithProviders(<Users />, { path: '/users' });
    await waitFor(() => expect(headers()).toEqual(['Name', 'Email', 'Phone', 'Actions']));
    const chooser = await openChooser(user);
    // The actions column is not offered: it is always shown.
    expect(within(chooser).queryByRole('checkbox', { name: 'Show Actions' })).not.toBeInTheDocument();

    await user.click(within(chooser).getByRole('checkbox', { name: 'Show Phone' }));
    expect(headers()).toEqual(['Name', 'Email', 'Actions']);
    await waitFor(() => expect(calls(fetch, 'PUT', '/api/me/lists/users/columns')).toHaveLength(1));
    expect(jsonBody(calls(fetch, 'PUT', '/api/me/lists/users/columns')[0])).toEqual({
      columns: [
        { key: 'name', visible: true },
        { key: 'email', visible: true },
        { key: 'phone', visible: false },
      ],
    });
    // Row cells follow the columns; the row's action still works.
    await user.click(screen.getByRole('button', { name: 'Edit Omar Saleh' }));
    expect(onEdit).toHaveBeenCalledWith('u2');
  });

  it('shows a hidden column unticked within the click itself, before the cache takes the change', async () => {
    const fetch = server({ more: { 'PUT /api/me/lists/users/columns': (init) => ({ body: { listKey: 'users', ...(jsonBody(init) as object) } }) } });
    const user = userEvent.setup();
    renderWithProviders(<Users />, { path: '/users' });
    const chooser = await openChooser(user);
    await waitFor(() => expect(calls(fetch, 'GET', '/api/me/preferences')).toHaveLength(1));
    const phone = within(chooser).getByRole('checkbox', { name: 'Show Phone' });
    // No await between the click and the reads: a browser's test reads the box's state right after its click.
    fireEvent.click(phone);
    expect(phone).not.toBeChecked();
    expect(headers()).toEqual(['Name', 'Email', 'Actions']);
    await waitFor(() => expect(calls(fetch, 'PUT', '/api/me/lists/users/columns')).toHaveLength(1));
    // Once the save is settled the cache holds the same columns.
    await waitFor(() => expect(phone).not.toBeChecked());
    expect(headers()).toEqual(['Name', 'Email', 'Actions']);
  });

  it('reorders with Move up and Move down from the keyboard, actions staying last', async () => {
    const fetch = server({ more: { 'PUT /api/me/lists/users/columns': (init) => ({ body: { listKey: 'users', ...(jsonBody(init) as object) } }) } });
    const user = userEvent.setup();
    renderWithProviders(<Users />, { path: '/users' });
    const chooser = await openChooser(user);
    await waitFor(() => expect(calls(fetch, 'GET', '/api/me/preferences')).toHaveLength(1));

    within(chooser).getByRole('button', { name: 'Move Name down' }).focus();
    await user.keyboard('{Enter}');
    expect(headers()).toEqual(['Email', 'Name', 'Phone', 'Actions']);
    // The focus stays with the moved column: Enter again moves it once more.
    expect(within(chooser).getByRole('button', { name: 'Move Name down' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(headers()).toEqual(['Email', 'Phone', 'Name', 'Actions']);
    // At the bottom, its Move down is disabled; the focus went to its Move up.
    expect(within(chooser).getByRole('button', { name: 'Move Name down' })).toBeDisabled();
    expect(within(chooser).getByRole('button', { name: 'Move Name up' })).toHaveFocus();
    await user.click(within(chooser).getByRole('button', { name: 'Move Email down' }));
    expect(headers()).toEqual(['Phone', 'Email', 'Name', 'Actions']);
    await waitFor(() => expect(calls(fetch, 'PUT', '/api/me/lists/users/columns')).toHaveLength(3));
    expect(jsonBody(calls(fetch, 'PUT', '/api/me/lists/users/columns')[2])).toEqual({
      columns: [
        { key: 'phone', visible: true },
        { key: 'email', visible: true },
        { key: 'name', visible: true },
      ],
    });
  });

  it('shows the saved layout, ignoring keys the list no longer has, with a new column in its default place; Reset goes back', async () => {
    const fetch = server({
      columns: [
        { key: 'phone', visible: true },
        { key: 'gone', visible: true },
        { key: 'name', visible: true },
        { key: 'actions', visible: false },
      ],
      more: { 'DELETE /api/me/lists/users/columns': { body: { listKey: 'users', columns: [] } } },
    });
    const user = userEvent.setup();
    renderWithProviders(<Users />, { path: '/users' });
    // email was not in the saved layout: it follows name, as by default. 'actions' cannot be hidden.
    await waitFor(() => expect(headers()).toEqual(['Phone', 'Name', 'Email', 'Actions']));

    const chooser = await openChooser(user);
    await user.click(within(chooser).getByRole('button', { name: 'Reset' }));
    expect(headers()).toEqual(['Name', 'Email', 'Phone', 'Actions']);
    await waitFor(() => expect(calls(fetch, 'DELETE', '/api/me/lists/users/columns')).toHaveLength(1));
    expect(within(chooser).getByRole('button', { name: 'Reset' })).toBeDisabled();
  });

  it('never hides the last shown column', async () => {
    server({ columns: [{ key: 'name', visible: true }, { key: 'email', visible: false }, { key: 'phone', visible: false }] });
    const user = userEvent.setup();
    renderWithProviders(<Users />, { path: '/users' });
    await waitFor(() => expect(headers()).toEqual(['Name', 'Actions']));
    const chooser = await openChooser(user);
    expect(within(chooser).getByRole('checkbox', { name: 'Show Name' })).toBeDisabled();
  });
});

describe('DataTable density', () => {
  it('switches to compact rows and keeps it on the server', async () => {
    const fetch = server({ more: { 'PUT /api/me/preferences/density': (init) => ({ body: { ...(jsonBody(init) as object), lists: {} } }) } });
    const user = userEvent.setup();
    const { container } = renderWithProviders(<Users />, { path: '/users' });
    const table = () => container.querySelector('.data-table');
    await waitFor(() => expect(calls(fetch, 'GET', '/api/me/preferences')).toHaveLength(1));
    expect(table()).toHaveAttribute('data-density', 'comfortable');
    const density = screen.getByRole('radiogroup', { name: 'Row density' });
    await user.click(within(density).getByText('Compact'));
    expect(table()).toHaveAttribute('data-density', 'compact');
    await waitFor(() => expect(calls(fetch, 'PUT', '/api/me/preferences/density')).toHaveLength(1));
    expect(jsonBody(calls(fetch, 'PUT', '/api/me/preferences/density')[0])).toEqual({ density: 'compact' });
  });

  it('reads the density the user chose on another machine', async () => {
    server({ density: 'compact' });
    const { container } = renderWithProviders(<Users />, { path: '/users' });
    await waitFor(() => expect(container.querySelector('.data-table')).toHaveAttribute('data-density', 'compact'));
    expect(within(screen.getByRole('radiogroup', { name: 'Row density' })).getByRole('radio', { name: 'Compact' })).toBeChecked();
  });
});

describe('DataTable saved views', () => {
  const theirs = view({ _id: 'v2', name: 'Omar’s desk', mine: false, shared: true, ownerName: 'Omar Saleh', search: 'omar', sortBy: null, sortOrder: null, filters: {}, columns: [{ key: 'email', visible: true }, { key: 'name', visible: true }, { key: 'phone', visible: false }] });

  it('applies a view’s search, filters, sort and columns to the URL, and shows which view the URL matches', async () => {
    server({ views: [view({}), theirs] });
    const user = userEvent.setup();
    const { router } = renderWithProviders(<Users />, { path: '/users', route: '/users?page=3' });
    const picker = screen.getByRole('combobox', { name: 'Saved views' });
    await user.click(picker);
    const shared = await screen.findByRole('option', { name: /Omar’s desk/ });
    expect(shared).toHaveTextContent('Shared by Omar Saleh');
    await user.click(shared);
    let params = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(params)).toEqual({ search: 'omar', savedView: 'v2' });
    // Its columns: email first, phone hidden.
    expect(headers()).toEqual(['Email', 'Name', 'Actions']);
    expect(picked()).toContain('Omar’s desk');

    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: /Khan only/ }));
    params = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(params)).toEqual({ search: 'khan', sortBy: 'name', sortOrder: 'asc', status: 'Active', savedView: 'v1' });
    // No columns of its own: the user's.
    expect(headers()).toEqual(['Name', 'Email', 'Phone', 'Actions']);
  });

  it('recognises a view opened by a link, and none once the URL no longer matches it', async () => {
    server({ views: [view({})] });
    const user = userEvent.setup();
    renderWithProviders(<Users />, { path: '/users', route: '/users?search=khan&sortBy=name&sortOrder=asc&status=Active' });
    await waitFor(() => expect(picked()).toContain('Khan only'));
    await user.click(screen.getByRole('columnheader', { name: /Name/ }));
    await waitFor(() => expect(picked()).not.toContain('Khan only'));
  });

  it('saves the current search, filters, sort and columns, shared; a name I already use is refused at the field', async () => {
    const sent: unknown[] = [];
    const fetch = server({
      columns: [{ key: 'name', visible: true }, { key: 'email', visible: true }, { key: 'phone', visible: false }],
      more: {
        'POST /api/saved-views': (init) => {
          const body = jsonBody(init) as SavedView;
          sent.push(body);
          if (sent.length === 1) return { status: 409, body: { message: 'Conflict', errors: [{ field: 'name', message: "You already have a view called 'Khan only' on this list." }] } };
          return { status: 201, body: view({ ...body, _id: 'v9' }) };
        },
      },
    });
    const user = userEvent.setup();
    const { router } = renderWithProviders(<Users />, { path: '/users', route: '/users?search=khan&status=Active&sortBy=name&sortOrder=desc' });
    await waitFor(() => expect(headers()).toEqual(['Name', 'Email', 'Actions']));
    await user.click(screen.getByRole('button', { name: 'Save view…' }));
    const dialog = await findDialog('Save view');
    await user.type(within(dialog).getByLabelText('Name'), 'Khan only');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Share with everyone' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText("You already have a view called 'Khan only' on this list.")).toBeInTheDocument();
    expect(sent[0]).toEqual({
      list: 'users',
      name: 'Khan only',
      shared: true,
      search: 'khan',
      sortBy: 'name',
      sortOrder: 'desc',
      filters: { status: 'Active' },
      columns: [
        { key: 'name', visible: true },
        { key: 'email', visible: true },
        { key: 'phone', visible: false },
      ],
    });

    await user.clear(within(dialog).getByLabelText('Name'));
    await user.type(within(dialog).getByLabelText('Name'), 'Khan, newest first');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText("The view 'Khan, newest first' was saved.")).toBeInTheDocument();
    expect(sent[1]).toMatchObject({ name: 'Khan, newest first', shared: true });
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('savedView')).toBe('v9'));
    // The views are read again.
    expect(calls(fetch, 'GET', '/api/saved-views?list=users').length).toBeGreaterThanOrEqual(2);
  });

  it('renames, shares and deletes a view of mine; another’s shared view offers neither', async () => {
    const fetch = server({
      views: [view({}), theirs],
      more: {
        'PUT /api/saved-views/v1': (init) => ({ body: view(jsonBody(init) as Partial<SavedView>) }),
        'DELETE /api/saved-views/v1': { body: { message: "The view 'Khan only' was deleted." } },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<Users />, { path: '/users', route: '/users?search=khan&sortBy=name&sortOrder=asc&status=Active&savedView=v1' });
    await user.click(await screen.findByRole('button', { name: 'Rename or share the view Khan only' }));
    const dialog = await findDialog('Rename or share view');
    await user.clear(within(dialog).getByLabelText('Name'));
    await user.type(within(dialog).getByLabelText('Name'), 'Khan team');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Share with everyone' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText("The view 'Khan team' was changed.")).toBeInTheDocument();
    // Its search, sort, filters and columns stay as they were saved.
    expect(jsonBody(calls(fetch, 'PUT', '/api/saved-views/v1')[0])).toEqual({ name: 'Khan team', shared: true, search: 'khan', sortBy: 'name', sortOrder: 'asc', filters: { status: 'Active' }, columns: null });

    await user.click(screen.getByRole('button', { name: 'Delete the view Khan only' }));
    const ask = await findDialog('Delete view?');
    await user.click(within(ask).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText("The view 'Khan only' was deleted.")).toBeInTheDocument();
    expect(calls(fetch, 'DELETE', '/api/saved-views/v1')).toHaveLength(1);
  });

  it('offers no rename or delete for a view shared by someone else', async () => {
    server({ views: [theirs] });
    renderWithProviders(<Users />, { path: '/users', route: '/users?search=omar&savedView=v2' });
    await waitFor(() => expect(picked()).toContain('Omar’s desk'));
    expect(screen.queryByRole('button', { name: /Delete the view/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Rename or share the view/ })).not.toBeInTheDocument();
  });
});

describe('DataTable at a phone’s width', () => {
  const original = window.matchMedia;
  afterEach(() => {
    window.matchMedia = original;
  });

  it('shows a card per row with its fields as label: value and its actions at the foot, and keeps paging', async () => {
    window.matchMedia = (query: string) => ({ ...original(query), matches: query === PHONE_QUERY });
    server({});
    const user = userEvent.setup();
    renderWithProviders(<Users />, { path: '/users' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = within(screen.getByRole('region', { name: 'Staff users' }));
    expect(cards.getByRole('listitem', { name: 'Aisha Khan' })).toBeInTheDocument();
    const omar = cards.getByRole('listitem', { name: 'Omar Saleh' });
    expect(within(omar).getByText('Name').closest('div')).toHaveTextContent('NameOmar Saleh');
    expect(within(omar).getByText('Phone').closest('div')).toHaveTextContent('Phone050 333 4444');
    expect(within(omar).queryByText('Actions')).not.toBeInTheDocument();
    await user.click(within(omar).getByRole('button', { name: 'Edit Omar Saleh' }));
    expect(onEdit).toHaveBeenCalledWith('u2');
    expect(screen.getByText('1-2 of 2')).toBeInTheDocument();
  });
});
