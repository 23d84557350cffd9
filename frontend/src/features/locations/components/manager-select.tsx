import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Location } from '@/features/locations/api/get-locations';
import { useManagers } from '@/features/locations/api/get-managers';

interface ManagerSelectProps {
  value?: string | null;
  onChange?: (value: string | null) => void;
  /** The manager the location has now, offered even when not among the active staff listed. */
  current?: Location['general_manager'];
  id?: string;
}

/** A searchable list of active staff users (GET /api/lookups/staff) for a yard's general manager. */
export function ManagerSelect({ value, onChange, current, id }: ManagerSelectProps) {
  const { t } = useTranslation();
  const { data, isPending } = useManagers();
  const staff = (data ?? []).map((user) => ({ value: user._id, label: user.fullName, title: user.email }));
  if (current && !staff.some((option) => option.value === current._id)) {
    staff.unshift({ value: current._id, label: current.fullName, title: current.email });
  }
  return (
    <Select
      id={id}
      value={value ?? undefined}
      onChange={(next?: string) => onChange?.(next ?? null)}
      options={staff}
      loading={isPending}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={t('locations.managerPlaceholder')}
      notFoundContent={t('locations.noManagers')}
      virtual={false}
    />
  );
}
