import i18n from '@/lib/i18n/i18n';

/** A yard as pickers show it: 'Al Quoz Yard (Al Quoz)', with '(inactive)' for one switched off. */
export function locationLabel(location: { title: string; city?: string | null; status?: string }): string {
  const place = location.city ? i18n.t('auctions.locationWithCity', { title: location.title, city: location.city }) : location.title;
  return location.status && location.status !== 'active' ? i18n.t('auctions.locationInactive', { location: place }) : place;
}
