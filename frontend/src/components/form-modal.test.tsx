import { useMutation } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DatePicker, Form, Input, Select, TimePicker } from 'antd';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { FormModal } from '@/components/form-modal';
import { findDialog, queryDialog } from '@/test/dialog';
import { renderWithProviders } from '@/test/render';

interface Values {
  name?: string;
}

/** A page with an 'Add thing' dialog whose submit runs `send` as a TanStack mutation, as every caller does. */
function Page({ send }: { send: (values: Values) => Promise<unknown> }) {
  const [form] = Form.useForm<Values>();
  const [open, setOpen] = useState(true);
  const mutation = useMutation({ mutationFn: send });
  return (
    <>
      <p>{open ? 'dialog open' : 'dialog closed'}</p>
      <FormModal<Values>
        open={open}
        title="Add thing"
        form={form}
        initialValues={{ name: '' }}
        onSubmit={(values) => mutation.mutate(values, { onSuccess: () => setOpen(false) })}
        onCancel={() => setOpen(false)}
        loading={mutation.isPending}
        okText="Add"
      >
        <Form.Item label="Name" name="name">
          <Input />
        </Form.Item>
        <Form.Item label="Expiry" name="expiry">
          <DatePicker format="DD/MM/YYYY" />
        </Form.Item>
        <Form.Item label="Opens" name="opens">
          <TimePicker format="HH:mm" needConfirm={false} />
        </Form.Item>
        <Form.Item label="Kind" name="kind">
          <Select virtual={false} options={[{ value: 'a', label: 'Kind A' }, { value: 'b', label: 'Kind B' }]} />
        </Form.Item>
      </FormModal>
    </>
  );
}

function deferred() {
  let resolve: (value: unknown) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

function setup(send: (values: Values) => Promise<unknown> = () => Promise.resolve({})) {
  const sent = vi.fn(send);
  const rendered = renderWithProviders(<Page send={sent} />, { path: '/things' });
  return { ...rendered, sent, user: userEvent.setup() };
}

describe('FormModal', () => {
  it('sends one request for a double click, even before React re-renders, and can send again after a failure', async () => {
    const first = deferred();
    const { sent, user } = setup(() => first.promise);
    const dialog = await findDialog('Add thing');
    await user.type(within(dialog).getByLabelText('Name'), 'Majid');
    const add = within(dialog).getByRole('button', { name: 'Add' });
    const form = add.closest('form');
    if (!form) throw new Error('The dialog holds no form');

    await user.dblClick(add);
    await waitFor(() => expect(sent).toHaveBeenCalledTimes(1));
    expect(add).toHaveClass('ant-btn-loading');
    // A submit that reaches the form itself while the first is sent (before the spinning button could refuse it):
    // only the synchronous guard stands in its way.
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    await user.type(within(dialog).getByLabelText('Name'), '{Enter}');
    expect(sent).toHaveBeenCalledTimes(1);

    await act(async () => first.reject(new Error('Refused')));
    await waitFor(() => expect(add).not.toHaveClass('ant-btn-loading'));
    sent.mockImplementation(() => Promise.resolve({}));
    await user.click(add);
    expect(await screen.findByText('dialog closed')).toBeInTheDocument();
    expect(sent).toHaveBeenCalledTimes(2);
    expect(sent.mock.calls[1]?.[0]).toMatchObject({ name: 'Majid' });
  });

  it('does not submit on Enter in a date, time or select field; Enter in a text field does', async () => {
    const { sent, user } = setup();
    const dialog = await findDialog('Add thing');

    await user.click(within(dialog).getByLabelText('Expiry'));
    await user.keyboard('01/12/2026{Enter}');
    await user.click(within(dialog).getByLabelText('Opens'));
    await user.keyboard('09:30{Enter}');
    await user.click(within(dialog).getByRole('combobox', { name: 'Kind' }));
    await user.keyboard('{Enter}');
    expect(sent).not.toHaveBeenCalled();
    expect(within(dialog).getByLabelText('Expiry')).toHaveValue('01/12/2026');
    expect(within(dialog).getByLabelText('Opens')).toHaveValue('09:30');
    expect(screen.getByText('dialog open')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Name'), 'Majid{Enter}');
    await waitFor(() => expect(sent).toHaveBeenCalledTimes(1));
    expect(sent.mock.calls[0]?.[0]).toMatchObject({ name: 'Majid' });
  });

  it('asks before Esc closes a form with edits: Keep editing keeps the input, Discard closes', async () => {
    const { user } = setup();
    const dialog = await findDialog('Add thing');
    await user.type(within(dialog).getByLabelText('Name'), 'Half typed');

    await user.keyboard('{Escape}');
    const ask = await findDialog('Discard changes?');
    await user.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(queryDialog('Discard changes?')).toBeUndefined());
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Half typed');
    expect(screen.getByText('dialog open')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(within(await findDialog('Discard changes?')).getByRole('button', { name: 'Discard' }));
    expect(await screen.findByText('dialog closed')).toBeInTheDocument();
  });

  it('closes an untouched form at once', async () => {
    const { user } = setup();
    const dialog = await findDialog('Add thing');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(await screen.findByText('dialog closed')).toBeInTheDocument();
    expect(queryDialog('Discard changes?')).toBeUndefined();
  });

  it('asks before the page is left with edits, and lets it go once discarded', async () => {
    const { router, user } = setup();
    const dialog = await findDialog('Add thing');
    await user.type(within(dialog).getByLabelText('Name'), 'Half typed');

    await act(() => router.navigate('/elsewhere'));
    const ask = await findDialog('Discard changes?');
    await user.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    expect(router.state.location.pathname).toBe('/things');
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Half typed');

    const reload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(reload);
    expect(reload.defaultPrevented).toBe(true);

    await act(() => router.navigate('/elsewhere'));
    await user.click(within(await findDialog('Discard changes?')).getByRole('button', { name: 'Discard' }));
    expect(await screen.findByText('path: /elsewhere')).toBeInTheDocument();
  });
});
