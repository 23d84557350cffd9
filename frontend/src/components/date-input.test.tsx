import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form } from 'antd';
import type { Dayjs } from 'dayjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DateInput, dateProblem, dateRules, readDateText, type DateRuleOptions } from '@/components/date-input';
import { fill } from '@/test/fill';
import { renderWithProviders } from '@/test/render';

interface Values {
  when?: Dayjs | null;
}

/** 28/11/2026 14:30 in Dubai (10:30 UTC), whatever the machine's zone. */
const NOW = new Date('2026-11-28T10:30:00Z');

function setup(options: DateRuleOptions & { label?: string } = {}, initial?: Dayjs | null) {
  const sent = vi.fn();
  const { label = 'Received on', ...rules } = options;
  renderWithProviders(
    <Form<Values> initialValues={{ when: initial }} onFinish={(values) => sent(values.when?.format('YYYY-MM-DDTHH:mm') ?? null)}>
      <Form.Item label={label} name="when" rules={dateRules(rules)}>
        <DateInput withTime={rules.withTime} />
      </Form.Item>
      <Button htmlType="submit">Save</Button>
    </Form>,
  );
  return { sent, user: userEvent.setup(), field: screen.getByLabelText(label) };
}

const save = (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: 'Save' }));

describe('DateInput', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps a future "Received on" as typed, says why and blocks submit (never replaced with now)', async () => {
    const { sent, user, field } = setup({ withTime: true, notAfter: 'now', required: 'Enter when the money was received.', afterMessage: (limit) => `Received on cannot be after now, ${limit}.` });
    await fill(user, field, '29/11/2026 09:00');
    await save(user);
    expect(await screen.findByText('Received on cannot be after now, 28/11/2026 14:30.')).toBeInTheDocument();
    expect(field).toHaveValue('29/11/2026 09:00');
    expect(sent).not.toHaveBeenCalled();

    await user.clear(field);
    await fill(user, field, '28/11/2026 14:30');
    await save(user);
    await waitFor(() => expect(sent).toHaveBeenCalledWith('2026-11-28T14:30'));
  });

  it('keeps a past start date as typed, says why and blocks submit (never cleared)', async () => {
    const { sent, user, field } = setup({ label: 'First event starts', withTime: true, notBefore: 'now' });
    await fill(user, field, '27/11/2026 16:00');
    await save(user);
    expect(await screen.findByText('Must be later than now, 28/11/2026 14:30.')).toBeInTheDocument();
    expect(field).toHaveValue('27/11/2026 16:00');
    await user.clear(field);
    await fill(user, field, '28/11/2026 14:30');
    await save(user);
    expect(await screen.findByText('Must be later than now, 28/11/2026 14:30.')).toBeInTheDocument();
    expect(sent).not.toHaveBeenCalled();
    await user.clear(field);
    await fill(user, field, '28/11/2026 14:35');
    await save(user);
    await waitFor(() => expect(sent).toHaveBeenCalledWith('2026-11-28T14:35'));
  });

  it.each([
    ['31/02/2026', '"31/02/2026" is not a date: write it as DD/MM/YYYY, for example 28/11/2026.'],
    ['2026-11-28', '"2026-11-28" is not a date: write it as DD/MM/YYYY, for example 28/11/2026.'],
    ['28/11/2O26', '"28/11/2O26" is not a date: write it as DD/MM/YYYY, for example 28/11/2026.'],
    ['28/13/2026', '"28/13/2026" is not a date: write it as DD/MM/YYYY, for example 28/11/2026.'],
  ])('keeps %s as typed and says it is not a date', async (typed, sentence) => {
    const { sent, user, field } = setup({ label: 'Expiry date' });
    await fill(user, field, typed);
    await save(user);
    expect(await screen.findByText(sentence)).toBeInTheDocument();
    expect(field).toHaveValue(typed);
    expect(sent).not.toHaveBeenCalled();
  });

  it('refuses a day before today on a day field, and takes today', async () => {
    const { sent, user, field } = setup({ label: 'Repeats until', notBefore: 'today', beforeMessage: (limit) => `Repeats until cannot be before today, ${limit}.` });
    await fill(user, field, '27/11/2026');
    await save(user);
    expect(await screen.findByText('Repeats until cannot be before today, 28/11/2026.')).toBeInTheDocument();
    await user.clear(field);
    await fill(user, field, '28/11/2026');
    await save(user);
    await waitFor(() => expect(sent).toHaveBeenCalledWith('2026-11-28T00:00'));
  });

  it('shows the value it starts from, and asks for one when required', async () => {
    const { user, field } = setup({ withTime: true, required: 'Enter when the money was received.' }, readDateText('28/11/2026 14:00', true));
    expect(field).toHaveValue('28/11/2026 14:00');
    await user.clear(field);
    await save(user);
    expect(await screen.findByText('Enter when the money was received.')).toBeInTheDocument();
  });

  it('settles the date on Enter without submitting the form', async () => {
    const { sent, user, field } = setup({ withTime: true });
    await fill(user, field, '28/11/2026 09:00');
    await user.keyboard('{Enter}');
    expect(field).toHaveValue('28/11/2026 09:00');
    await save(user);
    await waitFor(() => expect(sent).toHaveBeenCalledWith('2026-11-28T09:00'));
    // Only the click sent it: Enter did not submit too.
    expect(sent).toHaveBeenCalledTimes(1);
  });

  it('fills the day picked from the calendar, keeping the time typed', async () => {
    const { sent, user, field } = setup({ withTime: true }, readDateText('28/11/2026 08:15', true));
    await user.click(screen.getByRole('button', { name: 'Open the calendar' }));
    const calendar = await screen.findByRole('table');
    await user.click(within(calendar).getByText('27'));
    expect(field).toHaveValue('27/11/2026 08:15');
    await save(user);
    await waitFor(() => expect(sent).toHaveBeenCalledWith('2026-11-27T08:15'));
  });
});

describe('readDateText', () => {
  it('reads a day, or a day and a time, strictly', () => {
    expect(readDateText('')).toBeNull();
    expect(readDateText('1/2/2027')?.format('YYYY-MM-DD')).toBe('2027-02-01');
    expect(readDateText('29/02/2028')?.isValid()).toBe(true);
    expect(readDateText('29/02/2027')?.isValid()).toBe(false);
    expect(readDateText('28/11/2026 24:00', true)?.isValid()).toBe(false);
    expect(readDateText('28/11/2026 23:59', true)?.format('YYYY-MM-DDTHH:mm')).toBe('2026-11-28T23:59');
    expect(readDateText('28/11/2026', true)?.isValid()).toBe(false);
    expect(dateProblem(readDateText('28/11/2026', true), { withTime: true })).toContain('write it as DD/MM/YYYY HH:mm');
  });
});
