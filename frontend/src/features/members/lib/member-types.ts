import i18n from '@/lib/i18n/i18n';

/** SPEC.md section 3: one type shows its name, two show 'Both', more show 'Multiple'; none shows N/A. */
export function memberTypesLabel(types: readonly string[] | null | undefined): string {
  const distinct = [...new Set(types ?? [])];
  if (distinct.length === 0) return i18n.t('common.notAvailable');
  if (distinct.length === 1) {
    const [only] = distinct as [string];
    return only === 'seller' || only === 'buyer' ? i18n.t(`members.type.${only}`) : only;
  }
  return distinct.length === 2 ? i18n.t('members.type.both') : i18n.t('members.type.multiple');
}
