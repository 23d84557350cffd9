import { Button, Flex, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/api/use-can';
import { UnsavedChangesGuard } from '@/components/unsaved-changes-guard';
import { useShowError } from '@/components/use-show-error';
import { useToast } from '@/components/use-toast';
import type { Member } from '@/features/members/api/get-members';
import { useUpdateMemberMutation } from '@/features/members/api/update-member';
import { MemberFormSections } from '@/features/members/components/member-form-sections';
import { fromMember, toUpdate, type MemberFormValues } from '@/features/members/lib/member-form';

/**
 * 'Member Information': every editable field with its documents; read-only without the Members edit privilege.
 * Leaving the page with unsaved edits asks 'Discard changes?' first.
 */
export function MemberInfoTab({ member }: { member: Member }) {
  const { t } = useTranslation();
  const toast = useToast();
  const showError = useShowError();
  const canEdit = useCan('Members', 'edit');
  const [form] = Form.useForm<MemberFormValues>();
  const update = useUpdateMemberMutation();
  const [dirty, setDirty] = useState(false);

  const submit = (values: MemberFormValues) =>
    update.mutate(
      { id: member._id, body: { ...toUpdate(values), isTrustedSeller: member.isTrustedSeller } },
      {
        onSuccess: () => {
          setDirty(false);
          toast.success(t('members.updated'));
        },
        onError: (error) => showError(error, t('members.errors.updateFailed'), form),
      },
    );
  const discard = () => {
    form.resetFields();
    setDirty(false);
  };

  return (
    <Form<MemberFormValues>
      form={form}
      layout="vertical"
      initialValues={fromMember(member)}
      onFinish={submit}
      onValuesChange={() => setDirty(true)}
      disabled={!canEdit}
      scrollToFirstError
      aria-label={t('members.detail.tabInfo')}
    >
      <UnsavedChangesGuard when={dirty} />
      <MemberFormSections contact={{ email: member.email, phone: member.phone }} />
      {canEdit && (
        <Flex justify="end" gap={8}>
          <Button onClick={discard}>{t('members.detail.discard')}</Button>
          <Button type="primary" htmlType="submit" loading={update.isPending}>
            {t('common.save')}
          </Button>
        </Flex>
      )}
    </Form>
  );
}
