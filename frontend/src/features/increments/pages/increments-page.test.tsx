import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { IncrementsPage } from '@/features/increments/pages/increments-page';
import { mockFetch, sentRequest, type MockRoutes } from '@/test/fetch-mock';
import { fill } from '@/test/fill';
import { EVERYTHING, meWith } from '@/test/me';
import { renderWithProviders } from '@/test/render';

type Grants = Parameters<typeof meWith>[0];

const table = {
  bands: [
    { fromPrice: '0.00', step: '250.00' },
    { fromPrice: '10000.00', step: '500.00' },
  ],
  version: 3,
  updatedAt: '2031-05-01T06:00:00Z',
  updatedBy: { id: 'u1', name: 'Mariam Haddad' },
};
const empty = { bands: [], version: 0, updatedAt: null, updatedBy: null };

function setup(api: MockRoutes = {}, grants: Grants = EVERYTHING) {
  const fetch = mockFetch({ 'GET /api/auth/me': { body: meWith(grants) }, 'GET /api/increment-table': { body: table }, ...api });
  renderWithProviders(<IncrementsPage />, { path: '/bid-increments' });
  return { fetch, user: userEvent.setup() };
}

const puts = (fetch: ReturnType<typeof mockFetch>) =>
  fetch.mock.calls.flatMap(([url, init], index) => (url === '/api/increment-table' && init?.method === 'PUT' ? [sentRequest(fetch, index).body] : []));

const cellOf = (field: HTMLElement) => field.closest('.ant-form-item') as HTMLElement;

async function ready(label: string) {
  const field = await screen.findByLabelText(label);
  await waitFor(() => expect(field).toBeEnabled());
  return field;
}

describe('/bid-increments', () => {
  it('shows the bands, the prices each covers, who saved them and that open lots keep their steps', async () => {
    setup();
    expect(await screen.findByLabelText('Step, band 2')).toHaveValue('500.00');
    expect(screen.getByLabelText('From price, band 1')).toHaveValue('0.00');
    expect(screen.getByLabelText('From price, band 1')).toBeDisabled();
    expect(screen.getByText('Lots opened after saving use these steps; lots already open keep theirs.')).toBeInTheDocument();
    expect(screen.getByText('Last changed 01/05/2031 10:00 by Mariam Haddad')).toBeInTheDocument();
    expect(screen.getByText('AED 0.00 to AED 9,999.99')).toBeInTheDocument();
    expect(screen.getByText('AED 10,000.00 and above')).toBeInTheDocument();
  });

  it('refuses a letter in an amount with a sentence, sends nothing, and keeps what was typed', async () => {
    const { fetch, user } = setup();
    const step = await ready('Step, band 2');
    await user.clear(step);
    await fill(user, step, '5O0');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(cellOf(step)).findByText('"O" is not a digit. Type the amount with digits only, for example 90,000.')).toBeInTheDocument();
    expect(step).toHaveValue('5O0');
    expect(puts(fetch)).toEqual([]);
  });

  it('says why a band must start higher and why a step may not shrink', async () => {
    const { fetch, user } = setup();
    const from = await ready('From price, band 2');
    await user.clear(from);
    await fill(user, from, '0');
    const step = screen.getByLabelText('Step, band 2');
    await user.clear(step);
    await fill(user, step, '100');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // Each cell is checked again when the cell before it changes: the sentences settle once both are checked.
    await waitFor(() => {
      expect(within(cellOf(from)).getByText('The band must start above AED 0.00, where the band before it starts.')).toBeInTheDocument();
      expect(within(cellOf(step)).getByText('A step never shrinks as the price grows: AED 100.00 is less than the AED 250.00 of the band before it.')).toBeInTheDocument();
    });
    expect(puts(fetch)).toEqual([]);
  });

  it('adds and removes bands and saves the whole table with the version it was read at', async () => {
    const saved = { ...table, bands: [...table.bands, { fromPrice: '50000.00', step: '1000.00' }], version: 4, updatedAt: '2031-05-02T06:00:00Z' };
    const { fetch, user } = setup({ 'PUT /api/increment-table': { body: saved } });
    await ready('Step, band 2');
    await user.click(screen.getByRole('button', { name: /Add band/ }));
    await user.click(screen.getByRole('button', { name: /Add band/ }));
    await fill(user, screen.getByLabelText('From price, band 3'), '50,000');
    await fill(user, screen.getByLabelText('Step, band 3'), '1000');
    await user.click(screen.getByRole('button', { name: 'Remove band 4' }));
    expect(screen.queryByLabelText('Step, band 4')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove band 1' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Bid increments saved')).toBeInTheDocument();
    expect(puts(fetch)).toEqual([
      {
        bands: [
          { fromPrice: '0.00', step: '250.00' },
          { fromPrice: '10000.00', step: '500.00' },
          { fromPrice: '50000', step: '1000' },
        ],
        version: 3,
      },
    ]);
    expect(await screen.findByText('Last changed 02/05/2031 10:00 by Mariam Haddad')).toBeInTheDocument();
    expect(screen.getByLabelText('Step, band 3')).toHaveValue('1000.00');
  });

  it('starts a table from nothing at AED 0.00, and an empty table is saved as off', async () => {
    const { fetch, user } = setup({ 'GET /api/increment-table': { body: empty }, 'PUT /api/increment-table': { body: empty } });
    expect(await screen.findByText("No bands: every lot steps by its auction's bid increment.")).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: /Add band/ }));
    expect(screen.getByLabelText('From price, band 1')).toHaveValue('0');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(cellOf(screen.getByLabelText('Step, band 1'))).findByText('Enter the step.')).toBeInTheDocument();
    await fill(user, screen.getByLabelText('Step, band 1'), '0');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The step must be more than AED 0.00.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove band 1' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Bid increments saved')).toBeInTheDocument();
    expect(puts(fetch)).toEqual([{ bands: [], version: 0 }]);
  });

  it('shows the server’s refusal at its cell', async () => {
    const refusal = 'The band must start above AED 10,000.00, where the band before it starts.';
    const { user } = setup({
      'PUT /api/increment-table': { status: 422, body: { message: `Band 2: ${refusal}`, errors: [{ field: 'bands.1.fromPrice', message: refusal }] } },
    });
    const from = await ready('From price, band 2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(cellOf(from)).findByText(refusal)).toBeInTheDocument();
  });

  it('tells when someone else saved the table first and loads theirs on request', async () => {
    const message = 'Someone else changed the table since you opened it (Omar Saleh saved version 4). Reload it to see their bands, then make your change again.';
    const theirs = { ...table, bands: [{ fromPrice: '0.00', step: '100.00' }], version: 4, updatedBy: { id: 'u2', name: 'Omar Saleh' } };
    let reads = 0;
    const { fetch, user } = setup({
      'GET /api/increment-table': () => ({ body: reads++ === 0 ? table : theirs }),
      'PUT /api/increment-table': { status: 409, body: { message, errors: [], version: 4 } },
    });
    const step = await ready('Step, band 1');
    await user.clear(step);
    await fill(user, step, '300');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(puts(fetch)).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Load the current table' }));
    await waitFor(() => expect(screen.getByLabelText('Step, band 1')).toHaveValue('100.00'));
    expect(screen.queryByLabelText('Step, band 2')).not.toBeInTheDocument();
    expect(screen.queryByText(message)).not.toBeInTheDocument();
  });

  it('is read-only without Settings edit', async () => {
    setup({}, { Settings: ['view'] });
    expect(await screen.findByLabelText('Step, band 2')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Add band/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove band 2' })).not.toBeInTheDocument();
  });
});
