import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { GateAnswer } from '@/features/gate/api/scan-gate-pass';
import { GatePage } from '@/features/gate/pages/gate-page';
import { mockFetch, sentRequest, type MockAnswer } from '@/test/fetch-mock';
import { fill } from '@/test/fill';
import { EVERYTHING, meWith } from '@/test/me';
import { renderWithProviders } from '@/test/render';

const TOKEN = 'GP1.g1.4077000000.abcdefghijklmnopqrstuvwx';

const gatePass = {
  _id: 'g1',
  vehicleId: 'v1',
  invoiceId: 'i1',
  status: 'Scanned',
  code: 'K7PX-4MQ9',
  issuedAt: '2026-03-12T16:00:00Z',
  validUntil: '2026-03-14T16:00:00Z',
  scannedAt: '2026-03-13T06:00:00Z',
  pickedUpAt: null,
  driverName: null,
  driverEmiratesId: null,
};

const facts = {
  buyerName: 'Khalid Buyer',
  vehicleId: 'v1',
  vehicleLotNumber: 1001,
  vehicleTitle: 'Toyota Land Cruiser GXR',
  vehicleVin: '1HGCM8269KA001001',
  vehicleColor: 'Pearl White',
  vehiclePlate: 'Dubai A 12345',
  vehicleImage: '/uploads/vehicles/v1/front.jpg',
};

const allowed: GateAnswer = { allowed: true, message: 'Khalid Buyer may take Lot 1001 (Toyota Land Cruiser GXR, VIN 1HGCM8269KA001001).', reason: null, gatePass, ...facts };

function setup(scan: (token: string) => MockAnswer, pickUp: (body: Record<string, string>) => MockAnswer = () => ({ status: 500 }), grants = EVERYTHING) {
  const fetch = mockFetch({
    'GET /api/auth/me': { body: meWith(grants) },
    'POST /api/gate/scan': (init) => scan((JSON.parse(String(init?.body)) as { token: string }).token),
    'POST /api/gate/pick-up': (init) => pickUp(JSON.parse(String(init?.body)) as Record<string, string>),
  });
  renderWithProviders(<GatePage />, { path: '/gate' });
  return { fetch, user: userEvent.setup() };
}

const codeField = () => screen.getByLabelText('Gate pass code, lot number or VIN');

describe('/gate', () => {
  it('checks a scanned code on Enter, shows who may take which vehicle, records the pick-up and empties the field for the next vehicle', async () => {
    const { fetch, user } = setup(
      () => ({ body: allowed }),
      () => ({ body: { ...allowed, message: 'Rashid Driver picked up Lot 1001 for Khalid Buyer.', gatePass: { ...gatePass, status: 'Picked Up', pickedUpAt: '2026-03-13T06:05:00Z', driverName: 'Rashid Driver', driverEmiratesId: '784-1990-1234567-6' } } }),
    );
    await waitFor(() => expect(codeField()).toHaveFocus());
    await user.keyboard(`${TOKEN}{Enter}`);

    const answer = await screen.findByRole('region', { name: 'Gate answer' });
    expect(within(answer).getByRole('heading', { name: 'Let the vehicle out' })).toBeInTheDocument();
    expect(answer).toHaveTextContent('Khalid Buyer may take Lot 1001 (Toyota Land Cruiser GXR, VIN 1HGCM8269KA001001).');
    expect(answer).toHaveTextContent('Lot 1001');
    expect(answer).toHaveTextContent('1HGCM8269KA001001');
    expect(answer).toHaveTextContent('14/03/2026 20:00');
    // What the guard matches against the car: its photo and colour, and the pass's gate code.
    expect(within(answer).getByRole('img', { name: 'Photo of Lot 1001' })).toHaveAttribute('src', '/uploads/vehicles/v1/front.jpg');
    expect(answer).toHaveTextContent('ColourPearl White');
    expect(answer).toHaveTextContent('Number plateDubai A 12345');
    expect(answer).toHaveTextContent('Gate codeK7PX-4MQ9');
    expect(codeField()).toHaveValue('');
    expect(sentRequest(fetch, fetch.mock.calls.findIndex(([url]) => url === '/api/gate/scan')).body).toEqual({ token: TOKEN });

    const name = screen.getByLabelText("Driver's name");
    await waitFor(() => expect(name).toHaveFocus());
    await user.keyboard('Rashid Driver');
    await fill(user, screen.getByLabelText("Driver's Emirates ID"), '784-1990-1234567-6');
    await user.click(screen.getByRole('button', { name: 'Record pick-up' }));

    expect(await screen.findByRole('heading', { name: 'Picked up' })).toBeInTheDocument();
    expect(screen.getAllByText('Rashid Driver picked up Lot 1001 for Khalid Buyer.')).not.toHaveLength(0);
    expect(screen.getByRole('region', { name: 'Gate answer' })).toHaveTextContent('Rashid Driver · Emirates ID 784-1990-1234567-6');
    expect(sentRequest(fetch, fetch.mock.calls.findIndex(([url]) => url === '/api/gate/pick-up')).body).toEqual({ token: 'K7PX-4MQ9', driverName: 'Rashid Driver', driverEmiratesId: '784-1990-1234567-6' });
    expect(screen.queryByLabelText("Driver's name")).not.toBeInTheDocument();
    await waitFor(() => expect(codeField()).toHaveFocus());
    expect(codeField()).toHaveValue('');
  });

  it("refuses in red with the server's reason and keeps the field ready for the next code", async () => {
    const { user } = setup(() => ({
      body: { allowed: false, reason: 'pickedUp', message: 'Lot 1001 was already picked up on 13/03/2026 10:05 by Rashid Driver.', gatePass: { ...gatePass, status: 'Picked Up' }, ...facts },
    }));
    await waitFor(() => expect(codeField()).toHaveFocus());
    await fill(user, codeField(), `  ${TOKEN}  `);
    await user.click(screen.getByRole('button', { name: 'Check' }));
    const answer = await screen.findByRole('region', { name: 'Gate answer' });
    expect(within(answer).getByRole('heading', { name: 'Do not let the vehicle out' })).toBeInTheDocument();
    expect(within(answer).getByRole('heading', { name: 'Already picked up' })).toBeInTheDocument();
    expect(answer).toHaveTextContent('Lot 1001 was already picked up on 13/03/2026 10:05 by Rashid Driver.');
    expect(screen.queryByRole('button', { name: 'Record pick-up' })).not.toBeInTheDocument();
    expect(codeField()).toHaveValue('');
    await waitFor(() => expect(codeField()).toHaveFocus());
  });

  it('says a forged code is forged, and ignores Enter on an empty field', async () => {
    const { fetch, user } = setup(() => ({ body: { allowed: false, reason: 'forged', message: 'This code was not issued by Gavel or has been altered: do not let the vehicle out.' } }));
    await waitFor(() => expect(codeField()).toHaveFocus());
    await user.keyboard('{Enter}');
    expect(fetch.mock.calls.map(([url]) => url)).not.toContain('/api/gate/scan');
    await user.keyboard('GP1.forged{Enter}');
    expect(await screen.findByRole('heading', { name: 'Forged or altered code' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Gate answer' })).toHaveTextContent('This code was not issued by Gavel or has been altered');
  });

  it("shows the server's refusal of the driver's Emirates ID at its field, and a pass that stopped being valid in red", async () => {
    let pickUp: MockAnswer = { status: 422, body: { message: 'Some fields are not valid.', errors: [{ field: 'driverEmiratesId', message: 'This Emirates ID is not valid: please check the digits.' }] } };
    const { user } = setup(() => ({ body: allowed }), () => pickUp);
    await waitFor(() => expect(codeField()).toHaveFocus());
    await user.keyboard(`${TOKEN}{Enter}`);
    await fill(user, await screen.findByLabelText("Driver's name"), 'Rashid Driver');
    await fill(user, screen.getByLabelText("Driver's Emirates ID"), '784-1990-1234567-1');
    await user.click(screen.getByRole('button', { name: 'Record pick-up' }));
    expect(await screen.findByText('This Emirates ID is not valid: please check the digits.')).toBeInTheDocument();
    expect(screen.getByLabelText("Driver's name")).toHaveValue('Rashid Driver');

    pickUp = { status: 409, body: { message: 'This gate pass for Lot 1001 expired on 14/03/2026 20:00.', errors: [], reason: 'expired' } };
    await user.clear(screen.getByLabelText("Driver's Emirates ID"));
    await fill(user, screen.getByLabelText("Driver's Emirates ID"), '784-1990-1234567-6');
    await user.click(screen.getByRole('button', { name: 'Record pick-up' }));
    expect(await screen.findByRole('heading', { name: 'Gate pass expired' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Gate answer' })).toHaveTextContent('This gate pass for Lot 1001 expired on 14/03/2026 20:00.');
    expect(screen.queryByRole('button', { name: 'Record pick-up' })).not.toBeInTheDocument();
  });

  it('finds the live pass by lot number, and records the pick-up for that pass by its gate code', async () => {
    const { fetch, user } = setup(
      (typed) => (typed === '1001' ? { body: allowed } : { status: 500 }),
      () => ({ body: { ...allowed, message: 'Rashid Driver picked up Lot 1001 for Khalid Buyer.' } }),
    );
    await waitFor(() => expect(codeField()).toHaveFocus());
    await user.keyboard('1001{Enter}');
    const answer = await screen.findByRole('region', { name: 'Gate answer' });
    expect(within(answer).getByRole('heading', { name: 'Let the vehicle out' })).toBeInTheDocument();
    await fill(user, screen.getByLabelText("Driver's name"), 'Rashid Driver');
    await fill(user, screen.getByLabelText("Driver's Emirates ID"), '784-1990-1234567-6');
    await user.click(screen.getByRole('button', { name: 'Record pick-up' }));
    expect(await screen.findByRole('heading', { name: 'Picked up' })).toBeInTheDocument();
    expect(sentRequest(fetch, fetch.mock.calls.findIndex(([url]) => url === '/api/gate/pick-up')).body).toEqual({ token: 'K7PX-4MQ9', driverName: 'Rashid Driver', driverEmiratesId: '784-1990-1234567-6' });
  });

  it('says when a lot has no gate pass, with the car to recognise it, and offers no pick-up', async () => {
    const { user } = setup(() => ({ body: { allowed: false, reason: 'noPass', message: 'Lot 1001 has no gate pass: the office issues one once it is paid.', ...facts } }));
    await waitFor(() => expect(codeField()).toHaveFocus());
    await user.keyboard('Lot 1001{Enter}');
    const answer = await screen.findByRole('region', { name: 'Gate answer' });
    expect(within(answer).getByRole('heading', { name: 'No gate pass' })).toBeInTheDocument();
    expect(answer).toHaveTextContent('Lot 1001 has no gate pass: the office issues one once it is paid.');
    expect(answer).toHaveTextContent('ColourPearl White');
    expect(screen.queryByRole('button', { name: 'Record pick-up' })).not.toBeInTheDocument();
  });

  it("shows a gate code's typo under the field and keeps the text to correct", async () => {
    const typo = 'This code has a typo: check the characters.';
    const { user } = setup(() => ({ status: 422, body: { message: typo, errors: [{ field: 'token', message: typo }] } }));
    await waitFor(() => expect(codeField()).toHaveFocus());
    await user.keyboard('k7px-4mq8{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(typo);
    expect(codeField()).toHaveValue('k7px-4mq8');
    expect(codeField()).toHaveAttribute('aria-invalid', 'true');
    expect(codeField()).toHaveAccessibleDescription(typo);
    expect(screen.queryByRole('region', { name: 'Gate answer' })).not.toBeInTheDocument();
    await user.keyboard('{Backspace}9');
    expect(screen.queryByText(typo)).not.toBeInTheDocument();
  });

  it('checks the shape of the Emirates ID before sending', async () => {
    const { fetch, user } = setup(() => ({ body: allowed }));
    await waitFor(() => expect(codeField()).toHaveFocus());
    await user.keyboard(`${TOKEN}{Enter}`);
    await fill(user, await screen.findByLabelText("Driver's name"), 'Rashid Driver');
    await fill(user, screen.getByLabelText("Driver's Emirates ID"), '7841990');
    await user.click(screen.getByRole('button', { name: 'Record pick-up' }));
    expect(await screen.findByText('Enter the Emirates ID as 784-YYYY-NNNNNNN-N.')).toBeInTheDocument();
    expect(fetch.mock.calls.map(([url]) => url)).not.toContain('/api/gate/pick-up');
  });

  it('tells a role that may not change vehicle steps that it may not check passes', async () => {
    setup(() => ({ body: allowed }), undefined, { Vehicles: ['view'] });
    expect(await screen.findByText(/Your role may not check gate passes/)).toBeInTheDocument();
    expect(codeField()).toBeDisabled();
  });
});
