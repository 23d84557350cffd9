import { Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/api/use-can';
import { StatusBadge } from '@/components/status-badge';
import { useShowError } from '@/components/use-show-error';
import { useToast } from '@/components/use-toast';
import type { Role } from '@/features/roles/api/get-roles';
import { useToggleRoleMutation } from '@/features/roles/api/toggle-role';

/** A role's active switch (toggle-active-role); a badge for roles that may not change status. */
export function RoleActiveSwitch({ role }: { role: Role }) {
  const { t } = useTranslation();
  const toast = useToast();
  const showError = useShowError();
  const canToggle = useCan('Roles', 'updateStatus');
  const { mutate, isPending } = useToggleRoleMutation();
  if (!canToggle) {
    return <StatusBadge variant={role.isActive ? 'success' : 'default'}>{role.isActive ? t('common.active') : t('common.inactive')}</StatusBadge>;
  }
  const toggle = (isActive: boolean) =>
    mutate(
      { id: role._id, isActive },
      {
        onSuccess: () => toast.success(isActive ? t('roles.activated', { name: role.name }) : t('roles.deactivated', { name: role.name })),
        onError: (error) => showError(error, t('errors.toggleRoleFailed')),
      },
    );
  return <Switch checked={role.isActive} loading={isPending} onChange={toggle} aria-label={t('roles.activeNamed', { name: role.name })} />;
}
