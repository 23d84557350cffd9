import { useMutation } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Input } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/api/api-error';
import { FormModal } from '@/components/form-modal';
import { useShowError } from '@/components/use-show-error';
import { showFieldErrors } from '@/lib/show-field-errors';
import { renderWithProviders } from '@/test/render';

const FIELDS = ['name', 'email', 'phone', 'street', 'city', 'country', 'bank', 'iban', 'notes'] as const;

/** A long dialog whose submit is refused by the server, through the shared error path every form uses. */
function Page({ send }: { send: () => Promise<unknown> }) {
  const [form] = Form.useForm();
  const showError = useShowError();
  const mutation = useMutation({ mutationFn: send });
  return (
    <FormModal
      open
      title="Add member"
      form={form}
      onSubmit={() => mutation.mutate(undefined, { onError: (error) => showError(error, 'Could not add the member.', form) })}
      onCancel={() => undefined}
      okText="Add"
    >
      {FIELDS.map((name) => (
        <Form.Item key={name} label={name} name={name}>
          <Input />
        </Form.Item>
      ))}
    </FormModal>
  );
}

const FAR = { x: 0, y: 2400, top: 2400, bottom: 2432, left: 0, right: 300, width: 300, height: 32 } as DOMRect;

afterEach(() => {
  vi.restoreAllMocks();
  Reflect.deleteProperty(document.documentElement, 'scroll');
});

describe('server field errors shown at their fields', () => {
  it('scrolls the first refused field of the form into view, focused, with its message', async () => {
    const refusal = new ApiError(422, {
      message: 'Some fields are not valid.',
      errors: [
        { field: 'notes', message: 'Notes are too long.' },
        { field: 'iban', message: 'This IBAN is not valid: check its digits.' },
      ],
    });
    renderWithProviders(<Page send={() => Promise.reject(refusal)} />);
    const iban = await screen.findByLabelText('iban');
    // jsdom lays nothing out: the IBAN field is placed far below the window, the page scrolls to it.
    const place = Element.prototype.getBoundingClientRect;
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      return this.contains(iban) && this.querySelectorAll('input').length <= 1 ? FAR : place.call(this);
    });
    const scrolled = vi.fn();
    Object.defineProperty(document.documentElement, 'scroll', { configurable: true, value: scrolled });

    await userEvent.click(screen.getByRole('button', { name: 'Add' }));

    expect(await screen.findByText('This IBAN is not valid: check its digits.')).toBeVisible();
    expect(screen.getByText('Notes are too long.')).toBeVisible();
    await waitFor(() => expect(iban).toHaveFocus());
    expect(scrolled).toHaveBeenCalledTimes(1);
    const [{ top }] = scrolled.mock.calls[0] as [{ top: number }];
    // block 'center': the field's middle (2416) at the middle of the window.
    expect(top).toBe(2416 - window.innerHeight / 2);
  });

  it('leaves the form alone when the answer names no field of it', () => {
    const form = {
      getFieldsError: () => [{ name: ['iban'], errors: [], warnings: [] }],
      setFields: vi.fn(),
      scrollToField: vi.fn(),
    };
    const match = showFieldErrors(form as never, new ApiError(409, { message: 'Already recorded.' }));
    expect(match).toEqual({ fields: [], unmatched: true });
    expect(form.setFields).not.toHaveBeenCalled();
    expect(form.scrollToField).not.toHaveBeenCalled();
  });
});
