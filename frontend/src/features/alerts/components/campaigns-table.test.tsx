import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Channel } from '@/features/alerts/api/get-messages';
import { CampaignsTable } from '@/features/alerts/components/campaigns-table';
import { campaignList } from '@/features/alerts/test/alerts-fixtures';
import { mockFetch } from '@/test/fetch-mock';
import { EVERYTHING, meWith } from '@/test/me';
import { renderWithProviders } from '@/test/render';

const list = { page: 1, limit: 10, search: '', filters: {}, setPage: () => undefined, setSort: () => undefined };

function setup(channel: Channel) {
  mockFetch({ 'GET /api/auth/me': { body: meWith(EVERYTHING) } });
  renderWithProviders(<CampaignsTable channel={channel} data={campaignList([])} loading={false} list={list} onEdit={() => undefined} onCancel={() => undefined} />);
}

describe('CampaignsTable', () => {
  it.each([
    ['sms', 'No campaign has been written for SMS yet.'],
    ['whatsapp', 'No campaign has been written for WhatsApp yet.'],
  ] as const)('says, with no campaign on %s, that none has been written for the channel', async (channel, sentence) => {
    setup(channel);
    expect(await screen.findByText(sentence)).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Campaigns', hidden: true })).not.toHaveTextContent('No data');
  });
});
