import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useShowError } from '@/components/use-show-error';
import { useToast } from '@/components/use-toast';
import { useExportMembersMutation } from '@/features/members/api/export-members';
import type { MemberQuery } from '@/features/members/api/get-members';

/** Downloads the current filtered list as CSV (every page, not only the one shown). */
export function ExportMembersButton({ query }: { query: MemberQuery }) {
  const { t } = useTranslation();
  const toast = useToast();
  const showError = useShowError();
  const exporting = useExportMembersMutation();
  const run = () =>
    exporting.mutate(query, {
      onSuccess: (file) => toast.success(t('members.exported', { name: file.name })),
      onError: (error) => showError(error, t('members.errors.exportFailed')),
    });
  return (
    <Button icon={<DownloadOutlined />} loading={exporting.isPending} onClick={run}>
      {t('members.export')}
    </Button>
  );
}
