import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { MoneyInput, moneyProblem, moneyRules, moneyValue, readMoney, type MoneyRuleOptions } from '@/components/money-input';
import { fill } from '@/test/fill';
import { renderWithProviders } from '@/test/render';

interface Values {
  amount?: string | null;
}

/** A form with one money field: what it sends goes to `sent`, as a dialog's submit would. */
function setup(options: MoneyRuleOptions = {}, initial?: string) {
  const sent = vi.fn();
  renderWithProviders(
    <Form<Values> initialValues={{ amount: initial }} onFinish={(values) => sent(moneyValue(values.amount))}>
      <Form.Item label="Hammer price" name="amount" rules={moneyRules(options)}>
        <MoneyInput />
      </Form.Item>
      <Button htmlType="submit">Save</Button>
    </Form>,
  );
  return { sent, user: userEvent.setup(), field: screen.getByLabelText('Hammer price') };
}

const REFUSED: [string, string][] = [
  ['9O,000', '"O" is not a digit. Type the amount with digits only, for example 90,000.'],
  ['12O,000abc', '"O" is not a digit. Type the amount with digits only, for example 90,000.'],
  ['1l1,680', '"l" is not a digit. Type the amount with digits only, for example 90,000.'],
  ['-100', 'An amount cannot be negative.'],
  ['10.125', 'An amount has at most two decimals (fils).'],
  ['1.2.3', 'An amount has at most one decimal point.'],
  ['9,00', 'Commas group thousands: write 90,000 or 90000.'],
  ['90,000,', 'Commas group thousands: write 90,000 or 90000.'],
  ['1,50,000', 'Commas group thousands: write 90,000 or 90000.'],
  ['10 000', 'Remove the space: write 10,000 or 10000.'],
  ['10.', 'Write the fils after the decimal point, or remove the point.'],
  ['.5', 'Write a digit before the decimal point, for example 0.5.'],
];

describe('MoneyInput', () => {
  it.each(REFUSED)('keeps %s as typed, says why under the field and blocks submit', async (typed, sentence) => {
    const { sent, user, field } = setup({ required: 'Enter the hammer price.' });
    await fill(user, field, typed);
    expect(field).toHaveValue(typed);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(sentence)).toBeInTheDocument();
    expect(field).toHaveValue(typed);
    expect(sent).not.toHaveBeenCalled();
  });

  it.each([
    ['90,000', '90000'],
    ['147500', '147500'],
    ['1,250,000.5', '1250000.5'],
    ['111,680.00', '111680.00'],
    ['0.75', '0.75'],
  ])('keeps %s exactly as typed and sends %s', async (typed, decimal) => {
    const { sent, user, field } = setup({ required: 'Enter the hammer price.' });
    await user.type(field, typed);
    expect(field).toHaveValue(typed);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveBeenCalledWith(decimal));
    expect(field).toHaveValue(typed);
  });

  it('shows an AED prefix and starts from the amount given', () => {
    const { field } = setup({}, '472.50');
    expect(field).toHaveValue('472.50');
    expect(screen.getByText('AED')).toBeInTheDocument();
  });

  it('asks for an amount when required, and lets an optional field stay empty', async () => {
    const required = setup({ required: 'Enter the hammer price.' });
    await required.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter the hammer price.')).toBeInTheDocument();
    expect(required.sent).not.toHaveBeenCalled();
  });

  it('sends nothing for an empty optional field', async () => {
    const { sent, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveBeenCalledWith(null));
  });

  it('refuses zero when only amounts above zero are taken, and amounts out of bounds in AED', async () => {
    const { sent, user, field } = setup({
      positive: 'The bid increment must be more than AED 0.00.',
      max: { amount: 201000, message: (aed) => `At most ${aed} is still open.` },
    });
    await fill(user, field, '0.00');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The bid increment must be more than AED 0.00.')).toBeInTheDocument();
    await user.clear(field);
    await fill(user, field, '201,000.01');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('At most AED 201,000.00 is still open.')).toBeInTheDocument();
    expect(sent).not.toHaveBeenCalled();
    await user.clear(field);
    await fill(user, field, '201,000.00');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveBeenCalledWith('201000.00'));
  });
});

describe('money rules', () => {
  it('compares in fils, never in floats', () => {
    const min = { amount: '0.30', message: (aed: string) => `At least ${aed}.` };
    expect(moneyProblem('0.29', { min })).toBe('At least AED 0.30.');
    expect(moneyProblem('0.3', { min })).toBeUndefined();
    expect(moneyProblem('90,071,992,547.93', { max: { amount: '90071992547.92', message: (aed) => `At most ${aed}.` } })).toBe('At most AED 90,071,992,547.92.');
    expect(moneyProblem('999,999,999,999.99')).toBeUndefined();
    expect(moneyProblem('1,000,000,000,000')).toBe('An amount is at most AED 999,999,999,999.99.');
  });

  it('turns a typed amount into the API’s decimal string, and refuses to turn what is not one', () => {
    expect(moneyValue('90,000')).toBe('90000');
    expect(moneyValue('')).toBeNull();
    expect(() => moneyValue('9O,000')).toThrow('"O" is not a digit');
    expect(readMoney('9O,000')).toBeNull();
    expect(readMoney('1,200.5')).toBe('1200.5');
  });
});
