import { Select, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBuyerOptions } from '@/api/find-buyer-options';
import { useCan } from '@/api/use-can';

interface BuyerFilterProps {
  /** The buyer's member id kept in the URL. */
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  /** The buyer's name when the list already shows it (its rows are that buyer's). */
  knownName?: string;
  'aria-label': string;
}

/**
 * Filters a money list by buyer: a search over approved buyers for roles that may view members; otherwise a buyer
 * set by a link shows as a tag that clears it (the list's search finds buyers by name for everyone).
 */
export function BuyerFilter({ value, onChange, knownName, ...rest }: BuyerFilterProps) {
  const { t } = useTranslation();
  const canSearch = useCan('Members', 'view');
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<{ value: string; label: string }>();
  const buyers = useBuyerOptions(search, canSearch && open);
  const currentName = knownName ?? (picked?.value === value ? picked?.label : undefined) ?? t('payments.filters.selectedBuyer');

  if (!canSearch) {
    return value ? (
      <Tag closable onClose={() => onChange(undefined)} closeIcon={<span aria-label={t('payments.filters.clearBuyer')}>×</span>}>
        {t('payments.filters.buyerTag', { name: currentName })}
      </Tag>
    ) : null;
  }

  const options = (buyers.data ?? []).map((buyer) => ({ value: buyer._id, label: buyer.name }));
  if (value && !options.some((option) => option.value === value)) options.unshift({ value, label: currentName });

  return (
    <Select<string>
      aria-label={rest['aria-label']}
      placeholder={t('payments.filters.allBuyers')}
      value={value}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      onOpenChange={setOpen}
      options={options}
      loading={buyers.isFetching}
      notFoundContent={buyers.isFetching ? undefined : t('payments.filters.noBuyers')}
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
