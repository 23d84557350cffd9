import { UserOutlined } from '@ant-design/icons';
import { Avatar, Card, Descriptions, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/api/use-can';
import { LtrText } from '@/components/ltr-text';
import { StatusBadge } from '@/components/status-badge';
import type { Member } from '@/features/members/api/get-members';
import { MemberStatusAction } from '@/features/members/components/member-status-action';
import { ResetMemberPasswordAction } from '@/features/members/components/reset-member-password-action';
import { TrustedSellerSwitch } from '@/features/members/components/trusted-seller-switch';
import { displayName, personName } from '@/features/members/lib/member-name';
import { entityLabel } from '@/features/members/lib/member-options';
import { statusLabel, statusReasonText, statusVariant } from '@/features/members/lib/member-status';
import { memberTypesLabel } from '@/features/members/lib/member-types';
import { formatDate } from '@/lib/dates';
import { formatAed } from '@/lib/money';

/** Who the member is, their account status (and why, when a reason was given) and what staff can do to the account (by privilege). */
export function MemberDetailHeader({ member }: { member: Member }) {
  const { t } = useTranslation();
  const canStatus = useCan('Members', 'updateStatus');
  const canEdit = useCan('Members', 'edit');
  const name = displayName(member);
  const reason = statusReasonText(member);
  return (
    <Card>
      <Flex gap={16} align="center" wrap justify="space-between">
        <Flex gap={16} align="center">
          <Avatar size={64} src={member.profileImage ?? undefined} icon={<UserOutlined />} alt={t('members.detail.photoOf', { name })} />
          <Flex vertical gap={4}>
            <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
              {name}
            </Typography.Title>
            <Flex gap={8} align="center" wrap>
              <StatusBadge variant={statusVariant(member.status)}>{statusLabel(member.status)}</StatusBadge>
              <Typography.Text type="secondary">{t('members.detail.requestType', { type: member.requestType })}</Typography.Text>
            </Flex>
            {reason && <Typography.Text type={member.status === 'rejected' ? 'danger' : undefined}>{reason}</Typography.Text>}
          </Flex>
        </Flex>
        <Flex gap={12} align="center" wrap>
          {canStatus && <MemberStatusAction member={member} />}
          <TrustedSellerSwitch member={member} disabled={!canStatus} />
          {canEdit && <ResetMemberPasswordAction member={member} />}
        </Flex>
      </Flex>
      <Descriptions
        size="small"
        style={{ marginTop: 16 }}
        column={{ xs: 1, sm: 2, lg: 4 }}
        items={[
          { key: 'contact', label: t('members.detail.contact'), children: personName(member) },
          { key: 'email', label: t('members.fields.email'), children: member.email },
          { key: 'phone', label: t('members.fields.phone'), children: <LtrText>{member.phone}</LtrText> },
          { key: 'types', label: t('members.fields.memberTypes'), children: memberTypesLabel(member.memberTypes) },
          { key: 'entity', label: t('members.fields.memberEntity'), children: entityLabel(member.memberEntity) },
          { key: 'plan', label: t('members.fields.securityPlan'), children: member.securityPlan?.name ?? t('common.notAvailable') },
          { key: 'power', label: t('members.detail.buyingPower'), children: formatAed(member.buyingPower) },
          { key: 'registered', label: t('members.columns.registered'), children: formatDate(member.createdAt) },
        ]}
      />
    </Card>
  );
}
