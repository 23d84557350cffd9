import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal';
import { useShowError } from '@/components/use-show-error';
import { useToast } from '@/components/use-toast';
import { useCreateMemberMutation } from '@/features/members/api/create-member';
import { MemberFormSections } from '@/features/members/components/member-form-sections';
import { newMemberValues, toCreate, type MemberFormValues } from '@/features/members/lib/member-form';

interface MemberFormModalProps {
  open: boolean;
  onClose: () => void;
}

/** 'Add member': an individual or an organization with profile and documents; it starts in review. */
export function MemberFormModal({ open, onClose }: MemberFormModalProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const showError = useShowError();
  const [form] = Form.useForm<MemberFormValues>();
  const create = useCreateMemberMutation();

  const submit = (values: MemberFormValues) =>
    create.mutate(toCreate(values), {
      onSuccess: () => {
        toast.success(t('members.created'));
        onClose();
      },
      onError: (error) => showError(error, t('members.errors.addFailed'), form),
    });

  return (
    <FormModal<MemberFormValues>
      open={open}
      title={t('members.addTitle')}
      form={form}
      initialValues={newMemberValues()}
      onSubmit={submit}
      onCancel={onClose}
      loading={create.isPending}
      okText={t('members.addSubmit')}
      width={860}
    >
      <MemberFormSections />
    </FormModal>
  );
}
