import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { NumberInput, numberProblem, numberRules, numberText, type NumberRuleOptions } from '@/components/number-input';
import { fill } from '@/test/fill';
import { renderWithProviders } from '@/test/render';

function setup(options: NumberRuleOptions) {
  const sent = vi.fn();
  renderWithProviders(
    <Form<{ rate?: string | null }> onFinish={(values) => sent(numberText(values.rate))}>
      <Form.Item label="VAT rate" name="rate" rules={numberRules(options)}>
        <NumberInput suffix="%" />
      </Form.Item>
      <Button htmlType="submit">Save</Button>
    </Form>,
  );
  return { sent, user: userEvent.setup(), field: screen.getByLabelText('VAT rate') };
}

describe('NumberInput', () => {
  it.each([
    ['5.555', 'A number here has at most 2 decimals.'],
    ['1O', 'Type a number with digits only, for example 100.'],
    ['-5', 'Type a number from 0 to 100.'],
    ['101', 'Type a number from 0 to 100.'],
  ])('keeps %s as typed, says why and blocks submit (never rounded or clamped)', async (typed, sentence) => {
    const { sent, user, field } = setup({ required: 'Enter the VAT rate.', decimals: 2, min: 0, max: 100 });
    await fill(user, field, typed);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(sentence)).toBeInTheDocument();
    expect(field).toHaveValue(typed);
    expect(sent).not.toHaveBeenCalled();
  });

  it('sends a good number exactly as typed', async () => {
    const { sent, user, field } = setup({ required: 'Enter the VAT rate.', decimals: 2, min: 0, max: 100 });
    await fill(user, field, '5.25');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveBeenCalledWith('5.25'));
  });

  it('takes whole numbers only where no decimals are taken', () => {
    expect(numberProblem('2.5', { min: 1, max: 720 })).toBe('Type a whole number, without a decimal point.');
    expect(numberProblem('48', { min: 1, max: 720 })).toBeUndefined();
    expect(numberProblem(48, { min: 1, max: 720 })).toBeUndefined();
    expect(numberProblem('', { min: 1, max: 720 })).toBeUndefined();
    expect(numberProblem('', { required: 'Enter the payment window.', min: 1, max: 720 })).toBe('Enter the payment window.');
  });
});
