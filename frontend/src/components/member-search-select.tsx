import { Select } from 'antd';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBuyerOptions, type BuyerChoice } from '@/api/find-buyer-options';
import { useErrorToast } from '@/components/use-error-toast';
import '@/lib/i18n/strings/lots';

interface MemberSearchSelectProps {
  id?: string;
  /** The chosen member's id (a Form.Item's value). */
  value?: string;
  onChange?: (memberId: string | undefined, member: BuyerChoice | undefined) => void;
  'aria-label'?: string;
  disabled?: boolean;
}

/** An approved buyer found by name, phone or member number as staff type (POST /api/members/get). */
export function MemberSearchSelect({ id, value, onChange, disabled, ...rest }: MemberSearchSelectProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<BuyerChoice>();
  const members = useBuyerOptions(useDeferredValue(search), open);
  useErrorToast(members.error, t('lots.errors.membersFailed'));
  const found = members.data ?? [];
  const options = found.map((member) => ({ value: member._id, label: member.name }));
  if (value && picked?._id === value && !found.some((member) => member._id === value)) options.unshift({ value, label: picked.name });

  return (
    <Select<string>
      id={id}
      aria-label={rest['aria-label']}
      value={value}
      placeholder={t('lots.absentee.memberPlaceholder')}
      showSearch={{ filterOption: false, onSearch: setSearch, searchValue: search }}
      onOpenChange={setOpen}
      options={options}
      loading={members.isFetching}
      notFoundContent={members.isFetching ? t('lots.absentee.searching') : t('lots.absentee.noMembers')}
      onChange={(next) => {
        const member = found.find((one) => one._id === next) ?? (next === picked?._id ? picked : undefined);
        setPicked(member);
        setSearch('');
        onChange?.(next ?? undefined, member);
      }}
      allowClear
      disabled={disabled}
      virtual={false}
      style={{ width: '100%' }}
    />
  );
}
