import type { ConsentOptions } from '@/features/members/api/get-consent-options';
import type { ConsentRecord } from '@/features/members/api/get-member-consents';

/** GET /api/members/consent-options as the server answers it: the methods staff may choose, the usual wordings. */
export const consentOptions: ConsentOptions = {
  methods: [
    { value: 'counter_form', label: 'Signed form at the counter', forConsent: true, forWithdrawal: true },
    { value: 'written_request', label: 'In writing from the member (email or letter)', forConsent: true, forWithdrawal: true },
    { value: 'phone_request', label: 'The member asked by phone', forConsent: false, forWithdrawal: true },
  ],
  wording: {
    sms: 'I agree to receive promotional SMS from Gavel Auctions. I can opt out at any time.',
    whatsapp: 'I agree to receive promotional WhatsApp messages from Gavel Auctions. I can opt out at any time.',
    email: 'I agree to receive promotional emails from Gavel Auctions. I can unsubscribe at any time.',
  },
};

/** One consent record, a counter consent to SMS unless told otherwise. */
export function consentRecord(id: string, fields: Partial<ConsentRecord> = {}): ConsentRecord {
  return {
    id,
    channel: 'sms',
    given: true,
    at: '2031-05-01T06:00:00Z',
    method: 'counter_form',
    methodLabel: 'Signed form at the counter',
    wording: consentOptions.wording.sms,
    recordedBy: 'Amira Haddad',
    recordedById: 'me',
    ...fields,
  };
}
