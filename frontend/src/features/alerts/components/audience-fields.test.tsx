import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form } from 'antd';
import { describe, expect, it } from 'vitest';
import { AudienceFields } from '@/features/alerts/components/audience-fields';
import { mockFetch } from '@/test/fetch-mock';
import { EVERYTHING, meWith } from '@/test/me';
import { renderWithProviders } from '@/test/render';

function setup(count: () => { status?: number; body: unknown }) {
  const fetch = mockFetch({
    'GET /api/auth/me': { body: meWith(EVERYTHING) },
    'GET /api/lookups/plans': { body: [] },
    'POST /api/alerts/campaigns/audience-count': count,
  });
  renderWithProviders(
    <Form initialValues={{ audience: { status: 'approved' } }}>
      <AudienceFields channel="sms" />
    </Form>,
  );
  return { fetch, user: userEvent.setup() };
}

describe('AudienceFields', () => {
  it('says when the recipients could not be counted, and counts again on request', async () => {
    let answer: { status?: number; body: unknown } = { status: 500, body: { message: 'Internal error', errors: [] } };
    const { user } = setup(() => answer);
    expect(await screen.findByText('The recipients could not be counted. Check the connection and count again.')).toBeInTheDocument();
    expect(screen.queryByText('Counting the recipients…')).not.toBeInTheDocument();

    answer = { body: { recipients: 4, matching: 6 } };
    await user.click(screen.getByRole('button', { name: 'Count again' }));
    expect(await screen.findByText('4 members will receive it')).toBeInTheDocument();
  });

});
