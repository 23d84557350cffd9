from sqlalchemy import Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from gavel.db import Base


class AppState(Base):
    """Small facts about this installation, such as whether demo data was loaded."""

    __tablename__ = "app_state"

    key: Mapped[str] = mapped_column(String(60), primary_key=True)
    value: Mapped[str] = mapped_column(String(200))


class Counter(Base):
    """Sequential numbers shared by every app process, such as the vehicle lot number."""

    __tablename__ = "counter"

    name: Mapped[str] = mapped_column(String(40), primary_key=True)
    value: Mapped[int] = mapped_column(Integer, default=0)
