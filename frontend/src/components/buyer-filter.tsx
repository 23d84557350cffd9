import { Select, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBuyerOptions, type MemberChoiceType } from '@/api/find-buyer-options';
import { useCan } from '@/api/use-can';

/** The words of the filter; the buyer's unless a screen filters other members (the payees of money out). */
export interface MemberFilterTexts {
  placeholder: string;
  noMatch: string;
  selected: string;
  tag: (name: string) => string;
  clear: string;
}

interface BuyerFilterProps {
  /** The buyer's member id kept in the URL. */
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  /** The buyer's name when the list already shows it (its rows are that buyer's). */
  knownName?: string;
  /** Which approved members the search offers: buyers unless given ('any': sellers and buyers). */
  memberType?: MemberChoiceType;
  texts?: MemberFilterTexts;
  'aria-label': string;
}

/**
 * Filters a money list by buyer: a search over approved buyers for roles that may view members; otherwise a buyer
 * set by a link shows as a tag that clears it (the list's search finds buyers by name for everyone).
 */
export function BuyerFilter({ value, onChange, knownName, memberType = 'buyer', texts: given, ...rest }: BuyerFilterProps) {
  const { t } = useTranslation();
  const texts: MemberFilterTexts = given ?? {
    placeholder: t('payments.filters.allBuyers'),
    noMatch: t('payments.filters.noBuyers'),
    selected: t('payments.filters.selectedBuyer'),
    tag: (name) => t('payments.filters.buyerTag', { name }),
    clear: t('payments.filters.clearBuyer'),
  };
  const canSearch = useCan('Members', 'view');
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<{ value: string; label: string }>();
  const buyers = useBuyerOptions(search, canSearch && open, memberType);
  const currentName = knownName ?? (picked?.value === value ? picked?.label : undefined) ?? texts.selected;

  if (!canSearch) {
    return value ? (
      <Tag closable onClose={() => onChange(undefined)} closeIcon={<span aria-label={texts.clear}>×</span>}>
        {texts.tag(currentName)}
      </Tag>
    ) : null;
  }

  const options = (buyers.data ?? []).map((buyer) => ({ value: buyer._id, label: buyer.name }));
  if (value && !options.some((option) => option.value === value)) options.unshift({ value, label: currentName });

  return (
    <Select<string>
      aria-label={rest['aria-label']}
      placeholder={texts.placeholder}
      value={value}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      onOpenChange={setOpen}
      options={options}
      loading={buyers.isFetching}
      notFoundContent={buyers.isFetching ? undefined : texts.noMatch}
      onChange={(next, option) => {
        if (next && option && !Array.isArray(option)) setPicked({ value: next, label: String(option.label) });
        onChange(next ?? undefined);
      }}
      allowClear
      virtual={false}
      popupMatchSelectWidth={false}
      style={{ minWidth: 200 }}
    />
  );
}
