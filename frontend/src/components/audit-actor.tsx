import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AuditEvent } from '@/api/audit-events';

/** Who made the change: the staff user's name and email; the email alone once the user is deleted; Gavel itself for the clock's changes. */
export function AuditActor({ event }: { event: Pick<AuditEvent, 'actorName' | 'actorEmail' | 'actorId'> }) {
  const { t } = useTranslation();
  if (event.actorName) {
    return (
      <Flex vertical gap={0}>
        <span>{event.actorName}</span>
        {event.actorEmail && <Typography.Text type="secondary">{event.actorEmail}</Typography.Text>}
      </Flex>
    );
  }
  if (event.actorId && event.actorEmail) return <span>{t('audit.deletedUser', { email: event.actorEmail })}</span>;
  return <span>{event.actorEmail ?? t('audit.system')}</span>;
}
