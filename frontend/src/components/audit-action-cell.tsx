import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AuditEvent } from '@/api/audit-events';

/** The action in words opens the change: a button, so a keyboard reaches it as a click does. */
export function AuditActionCell({ event, onOpen }: { event: AuditEvent; onOpen: (event: AuditEvent) => void }) {
  const { t } = useTranslation();
  return (
    <Button type="link" style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'start' }} aria-label={t('audit.viewChange', { summary: event.summary })} onClick={() => onOpen(event)}>
      {event.summary}
    </Button>
  );
}
