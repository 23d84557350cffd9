import { Form, Input, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal';
import { PrivilegeGrid } from '@/components/privilege-grid';
import { useShowError } from '@/components/use-show-error';
import { useToast } from '@/components/use-toast';
import { useCreateRoleMutation } from '@/features/roles/api/create-role';
import type { Role } from '@/features/roles/api/get-roles';
import { useUpdateRoleMutation } from '@/features/roles/api/update-role';
import { emptyPermissions, toPermissionGrid, type Permission } from '@/lib/permissions';

interface RoleFormValues {
  name: string;
  isActive?: boolean;
  requireTwoStep: boolean;
  permissions: Permission[];
}

interface RoleFormModalProps {
  open: boolean;
  /** The role being edited; none when creating. */
  role?: Role;
  onClose: () => void;
}

/** Create or edit a role: its name and the privilege matrix (modules × add/view/edit/delete/updateStatus). */
export function RoleFormModal({ open, role, onClose }: RoleFormModalProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const showError = useShowError();
  const [form] = Form.useForm<RoleFormValues>();
  const create = useCreateRoleMutation();
  const update = useUpdateRoleMutation();
  const creating = role === undefined;

  const submit = ({ name, isActive, requireTwoStep, permissions }: RoleFormValues) => {
    const body = { name: name.trim(), permissions: toPermissionGrid(permissions), requireTwoStep: Boolean(requireTwoStep) };
    const done = (message: string) => () => {
      toast.success(message);
      onClose();
    };
    if (creating) {
      create.mutate(
        { ...body, isActive: isActive ?? true },
        { onSuccess: done(t('roles.created')), onError: (error) => showError(error, t('errors.addRoleFailed'), form) },
      );
    } else {
      update.mutate(
        { id: role._id, body },
        { onSuccess: done(t('roles.updated')), onError: (error) => showError(error, t('errors.updateRoleFailed'), form) },
      );
    }
  };

  return (
    <FormModal<RoleFormValues>
      open={open}
      title={creating ? t('roles.addTitle') : t('roles.editTitle')}
      form={form}
      initialValues={
        role
          ? { name: role.name, requireTwoStep: role.requireTwoStep, permissions: toPermissionGrid(role.permissions) }
          : { isActive: true, requireTwoStep: false, permissions: emptyPermissions() }
      }
      onSubmit={submit}
      onCancel={onClose}
      loading={create.isPending || update.isPending}
      okText={creating ? t('roles.addSubmit') : t('common.save')}
      width={820}
    >
      <Form.Item label={t('roles.name')} name="name" rules={[{ required: true, whitespace: true, message: t('roles.nameRequired') }]}>
        <Input autoComplete="off" maxLength={60} />
      </Form.Item>
      {creating && (
        <Form.Item label={t('common.active')} name="isActive" valuePropName="checked">
          <Switch />
        </Form.Item>
      )}
      <Form.Item label={t('twoStep.requireForRole')} name="requireTwoStep" valuePropName="checked" extra={t('twoStep.requireForRoleHelp')}>
        <Switch />
      </Form.Item>
      <Form.Item label={t('roles.privileges')} name="permissions">
        <PrivilegeGrid aria-label={t('roles.privileges')} />
      </Form.Item>
    </FormModal>
  );
}
