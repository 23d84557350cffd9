import type { components } from '@/api/schema';

/** A campaign's channel, name, texts and audience, as a draft is written (PUT /api/alerts/campaigns/{id}) and a new one sent. */
export type CampaignIn = components['schemas']['CampaignIn'];
