import { Flex, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMe } from '@/api/me';
import { ChangePasswordCard } from '@/features/profile/components/change-password-card';
import { LanguageCard } from '@/features/profile/components/language-card';
import { SessionDetails } from '@/features/profile/components/session-details';
import { TwoStepCard } from '@/features/profile/components/two-step-card';
import { UserDetails } from '@/features/profile/components/user-details';
import '@/lib/i18n/strings/two-step';

/** Who is signed in and from where, their language, a change of their own password, and two-step sign-in. */
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
          <LanguageCard />
          <ChangePasswordCard />
          {data.twoStep && <TwoStepCard twoStep={data.twoStep} />}
          <SessionDetails session={data.session} />
        </>
      ) : (
        <Skeleton active />
      )}
    </Flex>
  );
}
