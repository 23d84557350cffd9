import { useCan } from '@/api/use-can';
import { useLocationOptions } from '@/features/auctions/api/get-location-options';
import { locationLabel } from '@/features/auctions/lib/location-label';

/**
 * Every location (inactive ones too: their auctions remain) as filter options. Listing locations needs Settings
 * view; without it `allowed` is false and the screen leaves the location filter out.
 */
export function useLocationFilterOptions() {
  const allowed = useCan('Settings', 'view');
  const query = useLocationOptions(false, allowed);
  const options = (query.data ?? []).map((location) => ({ value: location._id, label: locationLabel(location) }));
  return { allowed, options, loading: allowed && query.isPending };
}
