import { Select } from 'antd';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSeller } from '@/features/vehicles/api/get-seller';
import { useSellers, type Seller } from '@/features/vehicles/api/get-sellers';

/** What a seller option needs to show; the vehicle's own seller summary fits too. */
export interface SellerLike {
  _id: string;
  firstName: string;
  lastName: string;
  email: string;
  companyName?: string | null;
}

export function sellerName(seller: SellerLike): string {
  const name = `${seller.firstName} ${seller.lastName}`;
  return seller.companyName ? `${name} (${seller.companyName})` : name;
}

interface SellerSelectProps {
  value?: string;
  onChange?: (value: string | undefined) => void;
  id?: string;
  /** The seller already chosen (when editing), shown before any search. */
  initial?: SellerLike;
  placeholder?: string;
  allowClear?: boolean;
  'aria-label'?: string;
}

const toOption = (seller: SellerLike | Seller) => ({ value: seller._id, label: `${sellerName(seller)} · ${seller.email}` });

/** An approved member who sells, found by typing (name, email, phone, company): POST /api/members/get. */
export function SellerSelect({ value, onChange, id, initial, placeholder, allowClear, ...rest }: SellerSelectProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const sellers = useSellers(useDeferredValue(search));
  const found = (sellers.data ?? []).map(toOption);
  const known = (id: string) => found.some((option) => option.value === id);
  // A chosen seller outside the search results (a filter read from the URL) is looked up to show their name.
  const chosen = useSeller(value && initial?._id !== value && !known(value) ? value : undefined);
  const extra = [initial, chosen.data].filter((seller): seller is SellerLike => seller !== undefined && !known(seller._id));
  const options = [...extra.map(toOption), ...found];
  return (
    <Select<string>
      id={id}
      aria-label={rest['aria-label']}
      value={value}
      onChange={(next) => onChange?.(next ?? undefined)}
      options={options}
      loading={sellers.isFetching}
      placeholder={placeholder ?? t('vehicles.sellerPlaceholder')}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      notFoundContent={sellers.isFetching ? t('vehicles.searching') : t('vehicles.noSellers')}
      allowClear={allowClear}
      virtual={false}
      popupMatchSelectWidth={false}
      style={{ minWidth: 220 }}
    />
  );
}
