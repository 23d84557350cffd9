import { Link } from 'react-router';
import type { AuditEvent } from '@/api/audit-events';
import { entityLabel, recordPath } from '@/lib/audit-values';

/** The record an event is about: its kind and name, a link to its screen where it has one. */
export function AuditRecord({ event }: { event: AuditEvent }) {
  const kind = entityLabel(event.entity);
  const name = event.recordName ?? event.entityId;
  if (!name) return <span>{kind}</span>;
  const path = recordPath(event.entity, event.entityId);
  return (
    <span>
      {kind}: {path ? <Link to={path}>{name}</Link> : name}
    </span>
  );
}
