from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Index, String
from sqlalchemy.orm import Mapped, mapped_column

from gavel.db import Base, IdMixin, utcnow


class AuditEvent(IdMixin, Base):
    """One change, written with it and never changed or deleted after (database triggers refuse both).

    `actor_id` keeps the staff user's id without a foreign key: a staff user can be deleted, and the trail
    must still say who it was (with `actor_email`) instead of being rewritten to nobody. Every filter of the
    audit log has an index that ends in the list's order (newest first, the id breaking ties).
    """

    __tablename__ = "audit_event"
    __table_args__ = (
        Index("ix_audit_event_created_at_id", "created_at", "id"),
        Index("ix_audit_event_actor_id_created_at", "actor_id", "created_at", "id"),
        Index("ix_audit_event_action_created_at", "action", "created_at", "id"),
        Index("ix_audit_event_entity_created_at", "entity", "created_at", "id"),
        Index("ix_audit_event_entity_entity_id_created_at", "entity", "entity_id", "created_at", "id"),
    )

    actor_id: Mapped[str | None] = mapped_column(String(32))
    actor_email: Mapped[str | None] = mapped_column(String(254))
    action: Mapped[str] = mapped_column(String(60))
    entity: Mapped[str] = mapped_column(String(40))
    entity_id: Mapped[str | None] = mapped_column(String(32))
    old_values: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    new_values: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    ip_address: Mapped[str | None] = mapped_column(String(45))
    device: Mapped[str | None] = mapped_column(String(200))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
