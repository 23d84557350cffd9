import type { ConsentMethodOption, ConsentOptions, PromoChannel } from '@/features/members/api/get-consent-options';
import type { Member } from '@/features/members/api/get-members';
import type { ConsentRequest } from '@/features/members/api/record-consent';

/** The longest wording or note the server keeps (ConsentIn.wording). */
export const CONSENT_WORDING_MAX = 4000;

/** The channels in the order the panel lists them. */
export const PROMO_CHANNELS: readonly PromoChannel[] = ['sms', 'whatsapp', 'email'];

/** What the member agreed to on a channel now (the API keeps the flags equal to the newest record). */
export function consentsOn(member: Member, channel: PromoChannel): boolean {
  if (channel === 'sms') return member.promoConsentSms;
  if (channel === 'whatsapp') return member.promoConsentWhatsapp;
  return member.promoConsentEmail;
}

/** The dialog's fields; `given` is fixed by the button that opened it, shown read-only (a 409 lands there). */
export interface ConsentValues {
  given: boolean;
  method?: ConsentMethodOption['value'];
  wording?: string;
}

/** The methods staff may choose in that direction: consent is never taken by phone or SMS. */
export function methodsFor(options: ConsentOptions | undefined, given: boolean): ConsentMethodOption[] {
  return (options?.methods ?? []).filter((method) => (given ? method.forConsent : method.forWithdrawal));
}

/** A consent starts from the channel's default wording; a withdrawal's note starts empty. */
export function newConsentValues(options: ConsentOptions | undefined, channel: PromoChannel, given: boolean): ConsentValues {
  return { given, method: undefined, wording: given ? (options?.wording[channel] ?? '') : '' };
}

export function toConsentRequest(values: ConsentValues, channel: PromoChannel): ConsentRequest {
  const wording = (values.wording ?? '').trim();
  return { channel, given: values.given, method: values.method as ConsentRequest['method'], wording: wording === '' ? null : wording };
}
