import { Flex, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMe } from '@/api/me';
import { SessionDetails } from '@/features/profile/components/session-details';
import { UserDetails } from '@/features/profile/components/user-details';

/** Read-only: who is signed in and from where. */
export function ProfilePage() {
  const { t } = useTranslation();
  const { data } = useMe();
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={1} style={{ fontSize: 26, margin: 0 }}>
        {t('profile.title')}
      </Typography.Title>
      {data ? (
        <>
          <UserDetails user={data.user} />
          <SessionDetails session={data.session} />
        </>
      ) : (
        <Skeleton active />
      )}
    </Flex>
  );
}
