import { Form, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal';
import { HistoryTab } from '@/components/history-tab';
import { useShowError } from '@/components/use-show-error';
import { useToast } from '@/components/use-toast';
import { useCreateUserMutation } from '@/features/users/api/create-user';
import type { User } from '@/features/users/api/get-users';
import { useUpdateUserMutation } from '@/features/users/api/update-user';
import { UserInfoFields } from '@/features/users/components/user-info-fields';
import { UserRoleFields } from '@/features/users/components/user-role-fields';
import { fromUser, INFO_FIELDS, newUserValues, toCreate, toUpdate, type UserFormValues } from '@/features/users/lib/user-form';
import type { FieldPath } from '@/lib/field-errors';

type TabKey = 'info' | 'role' | 'history';

interface UserFormModalProps {
  open: boolean;
  /** The user being edited; none when adding. */
  user?: User;
  onClose: () => void;
}

const tabOf = (name: FieldPath | undefined): TabKey => (name && !INFO_FIELDS.includes(String(name[0])) ? 'role' : 'info');

/** Add or edit a staff user in two tabs: 'User Information' and 'Roles & Permissions'. */
export function UserFormModal({ open, user, onClose }: UserFormModalProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const showError = useShowError();
  const [form] = Form.useForm<UserFormValues>();
  const [tab, setTab] = useState<TabKey>('info');
  const create = useCreateUserMutation();
  const update = useUpdateUserMutation();
  const adding = user === undefined;

  const close = () => {
    setTab('info');
    onClose();
  };
  const failed = (error: unknown, fallback: string) => {
    const marked = showError(error, fallback, form);
    if (marked.length > 0) setTab(tabOf(marked[0]));
  };
  const submit = (values: UserFormValues) => {
    if (adding) {
      create.mutate(toCreate(values), {
        onSuccess: () => {
          toast.success(t('users.created'));
          close();
        },
        onError: (error) => failed(error, t('errors.addUserFailed')),
      });
    } else {
      update.mutate(
        { id: user._id, body: toUpdate(values, user) },
        {
          onSuccess: () => {
            toast.success(t('users.updated'));
            close();
          },
          onError: (error) => failed(error, t('errors.updateUserFailed')),
        },
      );
    }
  };

  return (
    <FormModal<UserFormValues>
      open={open}
      title={adding ? t('users.addTitle') : t('users.editTitle')}
      form={form}
      initialValues={user ? fromUser(user) : newUserValues()}
      onSubmit={submit}
      onFinishFailed={({ errorFields }) => setTab(tabOf(errorFields[0]?.name))}
      onCancel={close}
      loading={create.isPending || update.isPending}
      okText={adding ? t('users.addSubmit') : t('common.save')}
      width={760}
    >
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as TabKey)}
        items={[
          { key: 'info', label: t('users.tabInfo'), forceRender: true, children: <UserInfoFields adding={adding} /> },
          { key: 'role', label: t('users.tabRoles'), forceRender: true, children: <UserRoleFields /> },
          ...(user ? [{ key: 'history', label: t('audit.history.title'), children: <HistoryTab entity="user" entityId={user._id} /> }] : []),
        ]}
      />
    </FormModal>
  );
}
