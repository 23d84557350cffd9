import { Flex, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useShowError } from '@/components/use-show-error';
import { useToast } from '@/components/use-toast';
import type { Member } from '@/features/members/api/get-members';
import { useUpdateTrustedSellerMutation } from '@/features/members/api/update-trusted-seller';

/** Marks a seller as trusted or takes the mark away; only sellers can hold it (the server says so too). */
export function TrustedSellerSwitch({ member, disabled }: { member: Member; disabled?: boolean }) {
  const { t } = useTranslation();
  const toast = useToast();
  const showError = useShowError();
  const mutation = useUpdateTrustedSellerMutation();
  const seller = member.memberTypes.includes('seller');
  const change = (isTrustedSeller: boolean) =>
    mutation.mutate(
      { ids: [member._id], isTrustedSeller },
      {
        onSuccess: (answer) => toast.success(answer.message),
        onError: (error) => showError(error, t('members.errors.accountStatusFailed')),
      },
    );
  return (
    <Flex gap={8} align="center">
      <Switch
        id="trusted-seller"
        checked={member.isTrustedSeller}
        loading={mutation.isPending}
        disabled={disabled || !seller}
        onChange={change}
        aria-label={t('members.fields.isTrustedSeller')}
      />
      <Typography.Text>
        <label htmlFor="trusted-seller">{t('members.fields.isTrustedSeller')}</label>
        {!seller && <Typography.Text type="secondary">{` (${t('members.detail.sellersOnly')})`}</Typography.Text>}
      </Typography.Text>
    </Flex>
  );
}
