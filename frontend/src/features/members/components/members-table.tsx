import { type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCan } from '@/api/use-can';
import { CellText, DataTable } from '@/components/data-table';
import { LtrText } from '@/components/ltr-text';
import { StatusBadge } from '@/components/status-badge';
import type { Member, MemberList } from '@/features/members/api/get-members';
import { MemberBulkActions } from '@/features/members/components/member-bulk-actions';
import { MemberStatusAction } from '@/features/members/components/member-status-action';
import type { MemberFilter } from '@/features/members/lib/member-filters';
import type { MemberListName } from '@/features/members/lib/member-lists';
import { displayName, personName } from '@/features/members/lib/member-name';
import { entityLabel, sellerTypeLabel } from '@/features/members/lib/member-options';
import { statusLabel, statusVariant } from '@/features/members/lib/member-status';
import { memberTypesLabel } from '@/features/members/lib/member-types';
import { formatDate } from '@/lib/dates';
import { paths } from '@/lib/paths';
import type { ListControls } from '@/lib/use-list-params';

interface MembersTableProps {
  list: MemberListName;
  data: MemberList | undefined;
  loading: boolean;
  controls: ListControls<MemberFilter>;
}

/**
 * One member list, a server page at a time; names open the member (pinned at the start), the status next to them, the
 * last column changes it. Entity, seller type, trusted and plan are hidden until shown from the column
 * chooser (issue 29: the list fits a 1440 px screen; the filters above still narrow by them).
 */
export function MembersTable({ list, data, loading, controls }: MembersTableProps) {
  const { t } = useTranslation();
  const canStatus = useCan('Members', 'updateStatus');
  const canDelete = useCan('Members', 'delete');
  const missing = t('common.notAvailable');

  const columns: TableColumnsType<Member> = [
    {
      key: 'firstName',
      title: t('members.columns.name'),
      fixed: 'start',
      sorter: true,
      render: (_, member) => (
        <CellText text={personName(member)} max={150}>
          <Link to={`${paths.member}/${member._id}`}>{personName(member)}</Link>
        </CellText>
      ),
    },
    {
      key: 'status',
      title: t('members.columns.status'),
      render: (_, member) => <StatusBadge variant={statusVariant(member.status)}>{statusLabel(member.status)}</StatusBadge>,
    },
    { key: 'companyName', title: t('members.columns.company'), sorter: true, render: (_, member) => <CellText text={member.companyName || missing} max={120} /> },
    { key: 'email', title: t('members.columns.email'), sorter: true, render: (_, member) => <CellText text={member.email} max={170} /> },
    { key: 'phone', title: t('members.columns.phone'), dataIndex: 'phone', render: (phone: string) => <LtrText>{phone}</LtrText> },
    { key: 'memberTypes', title: t('members.columns.memberTypes'), render: (_, member) => memberTypesLabel(member.memberTypes) },
    { key: 'createdAt', title: t('members.columns.registered'), sorter: true, render: (_, member) => formatDate(member.createdAt) },
    { key: 'memberEntity', title: t('members.columns.entity'), hidden: true, render: (_, member) => entityLabel(member.memberEntity) },
    { key: 'sellerType', title: t('members.columns.sellerType'), hidden: true, render: (_, member) => sellerTypeLabel(member.sellerType) },
    {
      key: 'isTrustedSeller',
      title: t('members.columns.trusted'),
      hidden: true,
      render: (_, member) => (member.isTrustedSeller ? t('members.yes') : t('members.no')),
    },
    { key: 'securityPlan', title: t('members.columns.plan'), hidden: true, render: (_, member) => member.securityPlan?.name ?? missing },
  ];
  if (canStatus) {
    columns.push({ key: 'actions', title: t('common.actions'), render: (_, member) => <MemberStatusAction member={member} /> });
  }

  return (
    <DataTable<Member> listKey={`members-${list}`} cardColumns={['firstName', 'status', 'phone']}
      aria-label={t(`members.tableLabel.${list}`)}
      columns={columns}
      rows={data?.members}
      total={data?.totalMatching ?? 0}
      loading={loading}
      list={controls}
      rowName={displayName}
      bulkActions={canStatus || canDelete ? (ids, clear) => <MemberBulkActions list={list} ids={ids} onDone={clear} /> : undefined}
    />
  );
}
