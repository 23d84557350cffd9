import type { TFunction } from 'i18next';
import type { Person } from '@/features/auctions/live/types';

/**
 * A member as the staff's screens name them: a member who bids online with their paddle number ('Sara Khan · paddle
 * 104'), anyone else by name alone. An empty name (a leader the feed named before the lot is read again) stays empty.
 */
export function bidderLabel(t: TFunction, person: Person): string {
  if (!person.name || person.paddle === null || person.paddle === undefined) return person.name;
  return t('auctionEvents.live.withPaddle', { name: person.name, paddle: person.paddle });
}
