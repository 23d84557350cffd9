import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/api/use-can';
import { useLocationOptions } from '@/features/auctions/api/get-location-options';
import { locationLabel } from '@/features/auctions/lib/location-label';

interface LocationSelectProps {
  value?: string;
  onChange?: (value: string | undefined) => void;
  id?: string;
  'aria-describedby'?: string;
}

/**
 * The active yards a new auction may use, searchable by name. Listing them needs Settings view: a role without
 * it sees the picker disabled and the reason (no lookup of location names exists for other roles yet).
 */
export function LocationSelect({ value, onChange, id, ...rest }: LocationSelectProps) {
  const { t } = useTranslation();
  const allowed = useCan('Settings', 'view');
  const query = useLocationOptions(true, allowed);
  const options = (query.data ?? []).map((location) => ({ value: location._id, label: locationLabel(location) }));
  return (
    <Select<string>
      id={id}
      aria-describedby={rest['aria-describedby']}
      value={value}
      onChange={(next) => onChange?.(next ?? undefined)}
      options={options}
      loading={allowed && query.isPending}
      disabled={!allowed}
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={allowed ? t('auctions.form.locationPlaceholder') : t('auctions.form.locationsNotAllowed')}
      notFoundContent={t('auctions.form.noLocations')}
      virtual={false}
    />
  );
}
