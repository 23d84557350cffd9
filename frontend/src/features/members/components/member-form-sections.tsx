import { Divider } from 'antd';
import { useTranslation } from 'react-i18next';
import { MemberBankFields } from '@/features/members/components/member-bank-fields';
import { MemberDocumentFields } from '@/features/members/components/member-document-fields';
import { MemberIdentityFields } from '@/features/members/components/member-identity-fields';
import { MemberMessagingFields } from '@/features/members/components/member-messaging-fields';
import { MemberProfileFields } from '@/features/members/components/member-profile-fields';
import { MemberRoleFields } from '@/features/members/components/member-role-fields';

/**
 * Every field of a member in sections (bank details for payouts and refunds; the language of their messages); the same in the add dialog and on 'Member Information' (`contact`
 * given: email and phone read-only, the trusted mark left to the page's switch).
 */
export function MemberFormSections({ contact }: { contact?: { email: string; phone: string } }) {
  const { t } = useTranslation();
  return (
    <>
      <Divider titlePlacement="start">{t('members.sections.member')}</Divider>
      <MemberIdentityFields contact={contact} />
      <Divider titlePlacement="start">{t('members.sections.membership')}</Divider>
      <MemberRoleFields withTrusted={contact === undefined} />
      <MemberBankFields />
      <MemberMessagingFields />
      <Divider titlePlacement="start">{t('members.sections.profile')}</Divider>
      <MemberProfileFields />
      <Divider titlePlacement="start">{t('members.sections.documents')}</Divider>
      <MemberDocumentFields />
    </>
  );
}
