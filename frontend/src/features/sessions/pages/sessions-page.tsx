import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '@/api/use-can';
import { NoAccess } from '@/components/no-access';
import { PageHeader } from '@/components/page-header';
import { SearchBox } from '@/components/search-box';
import { useErrorToast } from '@/components/use-error-toast';
import { useStaffSessions } from '@/features/sessions/api/get-staff-sessions';
import { SessionsTable } from '@/features/sessions/components/sessions-table';
import { sessionSort } from '@/features/sessions/lib/session-sort';
import { pageQuery, useListParams } from '@/lib/use-list-params';
import '@/lib/i18n/strings/sessions';

/** The console itself: search, the live sessions (refreshed every 30 s) and End session. */
function SessionsConsole() {
  const { t } = useTranslation();
  const list = useListParams();
  const query = useStaffSessions({ ...pageQuery(list), sortBy: sessionSort(list.sortBy) });
  useErrorToast(query.error, t('sessions.fetchFailed'));
  return (
    <Flex vertical gap={16}>
      <PageHeader title={t('sessions.title')} />
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('sessions.intro')} {t('sessions.refreshHint')}
      </Typography.Paragraph>
      <SearchBox value={list.search} onSearch={list.setSearch} placeholder={t('sessions.searchPlaceholder')} aria-label={t('sessions.search')} />
      {/* The 30 s refresh keeps the rows on screen; a new page, search or sort shows the table loading. */}
      <SessionsTable data={query.data} loading={query.isPending || query.isPlaceholderData} list={list} />
    </Flex>
  );
}

/** /sessions (Settings): every live staff session, for the roles with Sessions view (the Sessions row). */
export function SessionsPage() {
  const { can, loaded } = usePermissions();
  if (!loaded) return null;
  return can('Sessions', 'view') ? <SessionsConsole /> : <NoAccess />;
}
