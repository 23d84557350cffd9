import { Select } from 'antd';
import { useTranslation } from 'react-i18next';

export interface StatusOption {
  value: string;
  label: string;
  /** Shown but not choosable, e.g. a step whose conditions are not met yet. */
  disabled?: boolean;
}

/** What a status dropdown reports: which record, which column, the new value and the one it replaces. */
export interface StatusChange<Id = string> {
  id: Id;
  column: string;
  value: string;
  previous: string | undefined;
}

interface StatusDropdownProps<Id> {
  id: Id;
  column: string;
  /** The current status: shown in the box, left out of the choices. */
  value?: string;
  /** Approved and Rejected unless given (SPEC.md section 4). */
  options?: StatusOption[];
  onChange: (change: StatusChange<Id>) => void;
  disabled?: boolean;
  placeholder?: string;
  'aria-label': string;
}

export const STATUS_DROPDOWN_WIDTH = 140;

/** A 140 px status picker that never offers the status a record already has. */
export function StatusDropdown<Id = string>({ id, column, value, options, onChange, disabled, placeholder, ...rest }: StatusDropdownProps<Id>) {
  const { t } = useTranslation();
  const all = options ?? [
    { value: 'approved', label: t('status.approved') },
    { value: 'rejected', label: t('status.rejected') },
  ];
  const choices = all.filter((option) => option.value !== value);
  return (
    <Select<string>
      aria-label={rest['aria-label']}
      value={value}
      options={choices}
      labelRender={({ value: shown }) => all.find((option) => option.value === shown)?.label ?? shown}
      placeholder={placeholder ?? t('table.changeStatus')}
      disabled={disabled}
      virtual={false}
      popupMatchSelectWidth={false}
      style={{ width: STATUS_DROPDOWN_WIDTH }}
      onChange={(next) => {
        if (next !== value) onChange({ id, column, value: next, previous: value });
      }}
    />
  );
}
