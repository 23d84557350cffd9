"""A lane's run as the engine sells it (issue 25): one row per lane of an event being sold.

An Online lane's row is made by the runner when its event's start has come; a Live lane's when staff first
pause it. `lease_holder`/`lease_expires_at` name the one app process that runs an Online lane's clock
(`runner.take_leases`); `wake_at` is the earliest moment the runner has something to do on the lane (a lot's
clock running out, the next lot's opening), read again under the lot's lock when it comes.
"""

from datetime import datetime

from sqlalchemy import Float, ForeignKey, Index, String
from sqlalchemy.orm import Mapped, mapped_column

from gavel.db import Base, IdMixin, TimestampMixin


class LaneRun(IdMixin, TimestampMixin, Base):
    """A lane being sold: waiting, running, paused or finished, its lot and the runner's lease."""

    __tablename__ = "lane_run"
    __table_args__ = (Index("ix_lane_run_mode_state", "mode", "state"),)

    lane_id: Mapped[str] = mapped_column(ForeignKey("auction_lane.id", ondelete="CASCADE"), unique=True)
    event_id: Mapped[str] = mapped_column(ForeignKey("auction_event.id", ondelete="CASCADE"), index=True)
    mode: Mapped[str] = mapped_column(String(6))  # live | online (the auction's type)
    state: Mapped[str] = mapped_column(String(8), default="waiting")
    # The state a pause returns to (waiting or running), and what it stopped: the open lot's clock, or the
    # wait before the next lot, in seconds.
    resume_state: Mapped[str | None] = mapped_column(String(8))
    paused_seconds: Mapped[float | None] = mapped_column(Float)
    current_lot_id: Mapped[str | None] = mapped_column(ForeignKey("lot.id", ondelete="SET NULL"))
    next_open_at: Mapped[datetime | None] = mapped_column()
    wake_at: Mapped[datetime | None] = mapped_column()
    lease_holder: Mapped[str | None] = mapped_column(String(64))
    lease_expires_at: Mapped[datetime | None] = mapped_column()


class LaneRunner(Base):
    """A process that runs Online lanes (an app process or a worker), alive until `alive_until`: each renews
    its row at every tick, and each takes at most its share of the lanes (the lanes to run divided by the
    runners alive), so that lanes whose clocks run out together are closed by every process, not by the first
    one that ticked. A runner killed outright drops out once its row is past `alive_until`."""

    __tablename__ = "lane_runner"

    holder: Mapped[str] = mapped_column(String(64), primary_key=True)
    alive_until: Mapped[datetime] = mapped_column()
