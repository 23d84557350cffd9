from sqlalchemy import Boolean, ForeignKey, String, UniqueConstraint, false
from sqlalchemy.orm import Mapped, mapped_column, relationship

from gavel.db import Base, IdMixin, TimestampMixin
from gavel.permissions import PRIVILEGE_COLUMNS, Privilege


class Role(IdMixin, TimestampMixin, Base):
    __tablename__ = "role"

    name: Mapped[str] = mapped_column(String(100), unique=True)
    is_active: Mapped[bool] = mapped_column(Boolean, default=True, index=True)
    # Its users must sign in with an authenticator app code too; one who has not set it up does so first.
    require_two_step: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    permissions: Mapped[list["RolePermission"]] = relationship(
        back_populates="role", cascade="all, delete-orphan", lazy="selectin", order_by="RolePermission.module"
    )

    def allows(self, module: str, privilege: Privilege) -> bool:
        return any(p.module == module and p.grants(privilege) for p in self.permissions)


class RolePermission(IdMixin, Base):
    __tablename__ = "role_permission"
    __table_args__ = (UniqueConstraint("role_id", "module", name="uq_role_permission_role_module"),)

    role_id: Mapped[str] = mapped_column(ForeignKey("role.id", ondelete="CASCADE"), index=True)
    module: Mapped[str] = mapped_column(String(30))
    can_add: Mapped[bool] = mapped_column(Boolean, default=False)
    can_view: Mapped[bool] = mapped_column(Boolean, default=False)
    can_edit: Mapped[bool] = mapped_column(Boolean, default=False)
    can_delete: Mapped[bool] = mapped_column(Boolean, default=False)
    can_update_status: Mapped[bool] = mapped_column(Boolean, default=False)
    role: Mapped[Role] = relationship(back_populates="permissions")

    def grants(self, privilege: Privilege) -> bool:
        return bool(getattr(self, PRIVILEGE_COLUMNS[privilege]))
