"""What the audit log's search box named: records by the audit entity that events about them carry, and
staff users (events about them and made by them)."""

from dataclasses import dataclass, field


@dataclass
class Found:
    records: dict[str, set[str]] = field(default_factory=dict)
    staff: set[str] = field(default_factory=set)

    def add(self, entity: str, ids: list[str]) -> None:
        if ids:
            self.records.setdefault(entity, set()).update(ids)
