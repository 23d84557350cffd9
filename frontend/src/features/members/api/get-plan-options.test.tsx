import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form } from 'antd';
import { describe, expect, it } from 'vitest';
import { MemberRoleFields } from '@/features/members/components/member-role-fields';
import { MembersToolbar } from '@/features/members/components/members-toolbar';
import { MEMBER_FILTERS } from '@/features/members/lib/member-filters';
import { mockFetch } from '@/test/fetch-mock';
import { meWith } from '@/test/me';
import { renderWithProviders } from '@/test/render';
import { pickOption } from '@/test/select';
import { useListParams } from '@/lib/use-list-params';

/** GET /api/lookups/plans answers every plan's name and buying power, by name. */
const plans = [
  { _id: 'p-bronze', name: 'Bronze', buyingPower: 50000 },
  { _id: 'p-gold', name: 'Gold', buyingPower: 400000 },
];

/** A role with Members view and no Settings privilege at all: plan/list would answer it 403. */
function mockApi() {
  return mockFetch({
    'GET /api/auth/me': { body: meWith({ Members: ['view', 'edit'] }) },
    'GET /api/lookups/plans': { body: plans },
    'POST /api/plan/list': { status: 403, body: { message: 'You do not have permission to view Settings.', errors: [] } },
  });
}

function Toolbar() {
  return <MembersToolbar list={useListParams(MEMBER_FILTERS)} />;
}

describe('plan options (GET /api/lookups/plans)', () => {
  it("fill the 'All plans' filter for a role with Members view but not Settings view", async () => {
    const fetch = mockApi();
    const { router } = renderWithProviders(<Toolbar />, { path: '/active-members' });
    const user = userEvent.setup();
    await waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/lookups/plans', expect.objectContaining({ method: 'GET' })));
    await pickOption(user, 'Filter by security plan', 'Gold');
    await waitFor(() => expect(router.state.location.search).toBe('?plan=p-gold'));
    expect(fetch.mock.calls.some(([url]) => url === '/api/plan/list')).toBe(false);
  });

  it("name the member's plan, with its buying power, in the member form", async () => {
    mockApi();
    renderWithProviders(
      <Form initialValues={{ memberTypes: ['buyer'], securityPlan: 'p-gold' }}>
        <MemberRoleFields withTrusted={false} />
      </Form>,
    );
    expect(await screen.findByText('Gold (buying power AED 400,000.00)')).toBeInTheDocument();
    expect(screen.queryByText('p-gold')).not.toBeInTheDocument();
  });
});
