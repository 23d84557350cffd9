"""The watchers other processes announce: counted until TTL after they were said, dropped at once when a
process says zero, never counted twice for the process itself; and the notices' payloads read back."""

from gavel.bidding.live import outbox
from gavel.bidding.live.presence import TTL, Presence, announcement


class Ticks:
    """A monotonic clock that moves only when told."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_counts_heard_from_other_processes_hold_until_their_ttl() -> None:
    ticks = Ticks()
    here = Presence("here", clock=ticks)
    here.heard(announcement("there", "event-1", {None: 3, "lane-1": 2}))
    here.heard(announcement("elsewhere", "event-1", {None: 1}))
    here.heard(announcement("here", "event-1", {None: 9}))  # its own, counted by its hub already
    here.heard(announcement("there", "event-2", {None: 4}))
    assert here.others("event-1") == {None: 4, "lane-1": 2}

    ticks.now += TTL - 1
    here.heard(announcement("elsewhere", "event-1", {None: 2}))  # said again: holds for another TTL
    ticks.now += 1
    assert here.others("event-1") == {None: 2}  # 'there' went silent (killed): gone after TTL
    assert here.others("event-2") == {}

    here.heard(announcement("elsewhere", "event-1", {None: 0}))  # its last socket left
    assert here.others("event-1") == {}


def test_announcements_and_notices_that_do_not_parse_are_ignored() -> None:
    here = Presence("here")
    for payload in ("", "not json", "[]", '{"p": "x"}', '{"p": "x", "e": "e", "c": {"": "many"}}'):
        here.heard(payload)
    assert here.others("e") == {}

    assert outbox.parse_lot("event-1:lot-1:7") == outbox.LotNotice("event-1", "lot-1", 7)
    assert outbox.parse_lot("event-1:lot-1:seven") is None
    assert outbox.parse_lot("event-1:lot-1") is None
    assert outbox.parse_lane("event-1:lane-1:paused") == outbox.LaneNotice("event-1", "lane-1", "paused")
    assert outbox.parse_lane("event-1:lane-1") is None
