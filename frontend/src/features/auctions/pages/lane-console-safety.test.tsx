import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { chooseKhalid, khalid, leaveFields, price, setup } from '@/features/auctions/test/lane-console-server';
import { runFixture as run } from '@/features/auctions/test/run-fixture';

/** Lot 1001 opens at AED 147,500.00 with a reserve of AED 150,000.00: a 2012 BMW X5. */
const bmw = () => run(1, { vehicle: { ...run(1).vehicle, title: 'BMW X5 2012', openingPrice: 147500, reservePrice: 150000 } });
const rich = { ...khalid, available: 1000000 };

// Each lot was sold on the floor (lane-console-server's floorSold): the clerk names its buyer in the lane's result form.
describe('the lane console made safe for a hurried clerk', () => {
  it.each([
    ['9O,000', '"O" is not a digit. Type the amount with digits only, for example 90,000.'],
    ['12O,000abc', '"O" is not a digit. Type the amount with digits only, for example 90,000.'],
    ['-100', 'An amount cannot be negative.'],
    ['9,00', 'Commas group thousands: write 90,000 or 90000.'],
  ])('keeps %s as typed, says why it is not an amount and records nothing on Enter', async (typed, sentence) => {
    const { sent, user } = setup([bmw(), run(2)], { 'POST /api/auction-event/buyers': { body: { data: [rich] } } });
    await chooseKhalid(user);
    await user.keyboard(typed);
    expect(price()).toHaveValue(typed);
    expect(screen.getByRole('alert')).toHaveTextContent(sentence);
    expect(screen.getByRole('button', { name: 'Sold' })).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'BMW X5 2012' })).toBeInTheDocument();
    expect(sent).toEqual([]);
  }, 45_000); // the first case loads the live console's modules: up to 20 s in jsdom on a loaded 2-core machine

  it('leaves letters typed in the price field to the field: n records no result and b does not move the focus', async () => {
    const { sent, user } = setup([run(1), run(2)]);
    await waitFor(() => expect(price()).toHaveFocus());
    await user.clear(price());
    await user.keyboard('2n');
    expect(price()).toHaveValue('2n');
    await user.keyboard('b');
    expect(price()).toHaveFocus();
    expect(price()).toHaveValue('2nb');
    await user.keyboard('p');
    expect(sent).toEqual([]);
    expect(screen.getByRole('heading', { name: 'Toyota Land Cruiser 1' })).toBeInTheDocument();
  });

  it('acts on N, B and P only while the focus is not in a field', async () => {
    const { sent, user } = setup([run(1), run(2)]);
    await waitFor(() => expect(price()).toHaveFocus());
    leaveFields();
    await user.keyboard('b');
    expect(screen.getByRole('combobox', { name: 'Buyer' })).toHaveFocus();
    leaveFields();
    await user.keyboard('p');
    expect(price()).toHaveFocus();
    expect(sent).toEqual([]);
    leaveFields();
    await user.keyboard('n');
    await waitFor(() => expect(sent).toEqual([{ vehicleId: 'v1', outcome: 'notSold', sellerApproved: false }]));
  });

  it("asks a second time for a hammer at 0.01% of the opening price, its focus on 'Change the price'", async () => {
    const { sent, user } = setup([bmw(), run(2)], { 'POST /api/auction-event/buyers': { body: { data: [rich] } } });
    await chooseKhalid(user);
    await user.keyboard('9{Enter}');
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('AED 9.00 is 0.01% of the opening price.');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Change the price' })).toHaveFocus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual([]);
  });

  it('records an unusual price once confirmed, then asks the seller about the reserve', async () => {
    const { sent, user } = setup([run(1), run(2)]);
    await chooseKhalid(user);
    await user.keyboard('150{Enter}');
    const check = await screen.findByRole('dialog');
    expect(check).toHaveTextContent('AED 150.00 is 1.00% of the opening price.');
    await user.click(within(check).getByRole('button', { name: 'Record AED 150.00' }));
    const reserve = await screen.findByRole('dialog', { name: 'Seller accepts?' });
    await user.click(within(reserve).getByRole('button', { name: 'Seller accepts' }));
    await waitFor(() => expect(sent).toEqual([{ vehicleId: 'v1', outcome: 'sold', buyerId: 'b1', soldFor: '150', sellerApproved: true }]));
  });

  it("opens the below-reserve question with the focus on 'Back': Enter Enter records nothing", async () => {
    const { sent, user } = setup([run(1), run(2)]);
    await chooseKhalid(user);
    await user.keyboard('18,000{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Seller accepts?' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Back' })).toHaveFocus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual([]);
    expect(screen.getByRole('heading', { name: 'Toyota Land Cruiser 1' })).toBeInTheDocument();
  });

  it("shows a buyer with an overdue invoice greyed out as 'Blocked: overdue INV-…', never an amount", async () => {
    const blocked = { ...khalid, available: 0, overdueInvoice: 'INV-2031-00007', blockedReason: 'Khalid Buyer1 has an overdue invoice (INV-2031-00007): no buying power until it is paid.' };
    const { user } = setup([run(1)], { 'POST /api/auction-event/buyers': { body: { data: [blocked] } } });
    await user.click(await screen.findByRole('combobox', { name: 'Buyer' }));
    await user.keyboard('khal');
    const option = await screen.findByText('Khalid Buyer1 · 784-1985-7654301-2 · +971554443301 · Blocked: overdue INV-2031-00007');
    expect(option.closest('.ant-select-item-option')).toHaveClass('ant-select-item-option-disabled');
    expect(screen.queryByText(/Available buying power/)).not.toBeInTheDocument();
  });
});
