from sqlalchemy import String
from sqlalchemy.orm import Mapped, mapped_column

from gavel.db import Base


class AppState(Base):
    """Small facts about this installation, such as whether demo data was loaded."""

    __tablename__ = "app_state"

    key: Mapped[str] = mapped_column(String(60), primary_key=True)
    value: Mapped[str] = mapped_column(String(200))
