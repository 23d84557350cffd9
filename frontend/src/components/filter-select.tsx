import { Select } from 'antd';

export interface FilterOption {
  value: string;
  label: string;
}

interface FilterSelectProps {
  value: string | undefined;
  options: FilterOption[];
  onChange: (value: string | undefined) => void;
  placeholder: string;
  'aria-label': string;
  loading?: boolean;
}

/** An optional list filter (SPEC.md section 5: every filter field is optional); clearing it shows all. */
export function FilterSelect({ value, options, onChange, placeholder, loading, ...rest }: FilterSelectProps) {
  return (
    <Select<string>
      aria-label={rest['aria-label']}
      value={value}
      options={options}
      onChange={(next) => onChange(next ?? undefined)}
      placeholder={placeholder}
      loading={loading}
      allowClear
      virtual={false}
      popupMatchSelectWidth={false}
      style={{ minWidth: 160 }}
    />
  );
}
