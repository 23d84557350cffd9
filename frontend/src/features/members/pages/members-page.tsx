import { PlusOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/api/use-can';
import { PageHeader } from '@/components/page-header';
import { useErrorToast } from '@/components/use-error-toast';
import { useMembers } from '@/features/members/api/get-members';
import { ExportMembersButton } from '@/features/members/components/export-members-button';
import { MemberFormModal } from '@/features/members/components/member-form-modal';
import { MembersSummary } from '@/features/members/components/members-summary';
import { MembersTable } from '@/features/members/components/members-table';
import { MembersToolbar } from '@/features/members/components/members-toolbar';
import { exportQuery, listQuery, MEMBER_FILTERS } from '@/features/members/lib/member-filters';
import type { MemberListName } from '@/features/members/lib/member-lists';
import { useListParams } from '@/lib/use-list-params';
import '@/lib/i18n/strings/alerts';
import '@/lib/i18n/strings/members';

/** /review-members, /active-members, /deactivated-members, /rejected-members, /inactive-members: one status each. */
export function MembersPage({ list }: { list: MemberListName }) {
  const { t } = useTranslation();
  const controls = useListParams(MEMBER_FILTERS);
  const canAdd = useCan('Members', 'add');
  const [adding, setAdding] = useState(false);
  const query = useMembers(listQuery(list, controls));
  useErrorToast(query.error, t('members.errors.fetchFailed'));

  return (
    <Flex vertical gap={16}>
      <PageHeader
        title={t(`members.title.${list}`)}
        actions={
          <>
            <ExportMembersButton query={exportQuery(list, controls)} />
            {canAdd && list === 'review' && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
                {t('members.add')}
              </Button>
            )}
          </>
        }
      />
      <MembersSummary counts={query.data} list={list} controls={controls} loading={query.isPending} />
      <MembersToolbar list={controls} />
      <MembersTable list={list} data={query.data} loading={query.isFetching} controls={controls} />
      {list === 'review' && <MemberFormModal open={adding} onClose={() => setAdding(false)} />}
    </Flex>
  );
}
