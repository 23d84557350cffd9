import { Select } from 'antd';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBuyers, type BuyerOption } from '@/api/find-buyers';
import { useErrorToast } from '@/components/use-error-toast';
import { formatAed } from '@/lib/money';
import '@/lib/i18n/strings/lots';

interface MemberSearchSelectProps {
  id?: string;
  /** The chosen member's id (a Form.Item's value). */
  value?: string;
  onChange?: (memberId: string | undefined, member: BuyerChoice | undefined) => void;
  'aria-label'?: string;
  disabled?: boolean;
}

/** The member a picker holds: the look-up's answer for them. */
export type BuyerChoice = Pick<BuyerOption, '_id' | 'name'> & Partial<BuyerOption>;

/**
 * An approved buyer found by name, phone or member number as staff type (POST /api/auction-event/buyers), with the
 * server's verdict shown before staff act: the buying power still available, or why a bid from them is refused
 * (an overdue invoice: greyed out, not choosable).
 */
export function MemberSearchSelect({ id, value, onChange, disabled, ...rest }: MemberSearchSelectProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<BuyerChoice>();
  const members = useBuyers(useDeferredValue(search), open);
  useErrorToast(members.error, t('lots.errors.membersFailed'));
  // While a new search runs, the previous answer is not offered: Enter must never pick a member of an older search.
  const found = members.isPlaceholderData ? [] : (members.data ?? []);
  const verdict = (member: BuyerOption) =>
    member.blockedReason
      ? member.overdueInvoice
        ? t('lots.absentee.blockedOverdue', { invoice: member.overdueInvoice })
        : t('lots.absentee.blocked')
      : t('lots.absentee.available', { amount: formatAed(member.available) });
  const options: { value: string; label: string; disabled?: boolean; title?: string }[] = found.map((member) => ({
    value: member._id,
    label: `${member.name} · ${member.memberIdentityNo} · ${verdict(member)}`,
    disabled: Boolean(member.blockedReason),
    title: member.blockedReason ?? undefined,
  }));
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
