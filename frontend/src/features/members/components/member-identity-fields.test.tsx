import { screen } from '@testing-library/react';
import { Form } from 'antd';
import { describe, expect, it } from 'vitest';
import { MemberIdentityFields } from '@/features/members/components/member-identity-fields';
import { renderWithProviders } from '@/test/render';

const why = 'Email and phone are fixed once the member is registered: saving this form never changes them.';

describe('MemberIdentityFields', () => {
  it("shows an existing member's email and phone read-only, filled, and says why", async () => {
    renderWithProviders(
      <Form initialValues={{ memberEntity: 'individual' }}>
        <MemberIdentityFields contact={{ email: 'khalid@example.com', phone: '+971501112201' }} />
      </Form>,
    );
    const email = await screen.findByRole('textbox', { name: 'Email' });
    const phone = screen.getByRole('textbox', { name: 'Phone' });
    for (const [field, value] of [[email, 'khalid@example.com'], [phone, '+971501112201']] as const) {
      expect(field).toHaveValue(value);
      expect(field).toHaveAttribute('readonly');
      expect(field).toHaveClass('ant-input-filled');
      expect(field).toHaveAccessibleDescription(why);
    }
    expect(screen.getByText(why)).toBeVisible();
  });

  it('lets a new member be given an email and phone', async () => {
    renderWithProviders(
      <Form initialValues={{ memberEntity: 'individual' }}>
        <MemberIdentityFields />
      </Form>,
    );
    expect(await screen.findByRole('textbox', { name: 'Email' })).not.toHaveAttribute('readonly');
    expect(screen.getByRole('textbox', { name: 'Phone' })).not.toHaveAttribute('readonly');
    expect(screen.queryByText(why)).not.toBeInTheDocument();
  });
});
