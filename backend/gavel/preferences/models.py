"""The tables of a user's list preferences: the density, each list's columns, and saved views."""

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Boolean, CheckConstraint, ForeignKey, Index, String, func
from sqlalchemy.orm import Mapped, mapped_column

from gavel.db import Base, IdMixin, TimestampMixin, utcnow
from gavel.preferences.lists import LIST_KEY_LENGTH

DENSITIES = ("comfortable", "compact")
SORT_ORDERS = ("asc", "desc")
# The unique index that decides between two views of one name (case-insensitive) on one list of one owner.
VIEW_NAME_INDEX = "uq_saved_view_owner_list_name"


class UserPreference(Base):
    """One row per user who changed a setting that holds for every list (today the density). A user
    without a row has the defaults. Creating a view upserts it too: its row lock puts one owner's creations
    in turn."""

    __tablename__ = "user_preference"
    __table_args__ = (CheckConstraint("density IN ('comfortable', 'compact')", name="density"),)

    user_id: Mapped[str] = mapped_column(ForeignKey("user_account.id", ondelete="CASCADE"), primary_key=True)
    density: Mapped[str] = mapped_column(String(12), default="comfortable")
    updated_at: Mapped[datetime] = mapped_column(default=utcnow)


class ListLayout(Base):
    """A user's columns of one list, in the order shown: [{"key": ..., "visible": ...}]. No row: the list's
    own default."""

    __tablename__ = "list_layout"

    user_id: Mapped[str] = mapped_column(ForeignKey("user_account.id", ondelete="CASCADE"), primary_key=True)
    list_key: Mapped[str] = mapped_column(String(LIST_KEY_LENGTH), primary_key=True)
    columns: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow)


class SavedView(IdMixin, TimestampMixin, Base):
    """A named search, filters, sort and (optionally) columns of one list; private to its owner or shared."""

    __tablename__ = "saved_view"
    __table_args__ = (
        CheckConstraint("sort_order IS NULL OR sort_order IN ('asc', 'desc')", name="sort_order"),
        Index("ix_saved_view_list_key_shared", "list_key", "shared"),
    )

    owner_id: Mapped[str] = mapped_column(ForeignKey("user_account.id", ondelete="CASCADE"))
    list_key: Mapped[str] = mapped_column(String(LIST_KEY_LENGTH))
    name: Mapped[str] = mapped_column(String(60))
    shared: Mapped[bool] = mapped_column(Boolean, default=False)
    search: Mapped[str] = mapped_column(String(200), default="")
    sort_by: Mapped[str | None] = mapped_column(String(60))
    sort_order: Mapped[str | None] = mapped_column(String(4))
    filters: Mapped[dict[str, str]] = mapped_column(JSON, default=dict)
    columns: Mapped[list[dict[str, Any]] | None] = mapped_column(JSON)


# A functional index (lower(name)) refers to the mapped column, so it is declared after the class.
Index(VIEW_NAME_INDEX, SavedView.owner_id, SavedView.list_key, func.lower(SavedView.name), unique=True)
