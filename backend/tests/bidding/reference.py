"""A brute-force reference of the proxy rules, written as plainly as the issue says them and sharing nothing
with the engine but the words of its refusals.

After every bid that moves the price it forgets how the lot got there and settles it again from everyone
still in it: each member's maximum, and the room's last bid. The best of them leads (the highest; between
equal maxima the earliest; the room loses a tie to any maximum). The room pays what it bid. A member pays the
lowest price that beats every other one by one step, never more than their own maximum (the asking price
when nobody else is in). The only thing that does not settle again is a leader raising their own maximum:
the price stays. A maximum withdrawn (before the sale) is as if that member's bids so far had never been
made: the lot is settled again from the start, bid by bid, without them.
"""

FLOOR = "(the room)"


def step(table: list[tuple[int, int]], price: int) -> int:
    """The step of the last band that starts at or below `price`."""
    return [size for start, size in table if start <= price][-1]


class Reference:
    def __init__(self, opening: int, table: list[tuple[int, int]]) -> None:
        self.opening = opening
        self.table = table
        self.open = False
        self.price: int | None = None
        self.leader: str | None = None  # a member, FLOOR, or None before any bid
        self.maxima: dict[str, tuple[int, int, str]] = {}  # member -> (maximum, when, source)
        self.room: int | None = None  # the room's last bid taken
        self.bids = 0
        self.taken: list[tuple[str, int, str]] = []  # the maxima taken (member, amount, source), in order

    def asking(self) -> int:
        if self.price is None:
            return self.opening if self.opening > 0 else step(self.table, 0)
        return self.price + step(self.table, self.price)

    def floor(self, amount: int) -> str | None:
        """None when taken, else the refusal."""
        self.bids += 1
        if not self.open:
            return "lot_waiting"
        if amount < self.asking():
            return "below_asking"
        self.room = amount
        self._settle()
        return None

    def maximum(self, member: str, amount: int, source: str) -> str | None:
        self.bids += 1
        if self.leader == member:
            if amount <= self.maxima[member][0]:
                return "maximum_not_raised"
            if amount < self.asking():
                return "below_asking"
            self.maxima[member] = (amount, self.bids, source)
            self.taken.append((member, amount, source))
            return None
        if amount < self.asking():
            return "below_asking"
        self.maxima[member] = (amount, self.bids, source)
        self.taken.append((member, amount, source))
        self._settle()
        return None

    def withdraw(self, member: str) -> str | None:
        """None when withdrawn, else why not."""
        if self.open:
            return "lot_open"
        if member not in self.maxima:
            return "no_maximum"
        self.bids += 1
        self.taken = [bid for bid in self.taken if bid[0] != member]
        again = Reference(self.opening, self.table)
        for bid in self.taken:
            assert again.maximum(*bid) is None
        # `again` numbers the bids it kept 1, 2...: still in their order, and before any bid to come.
        self.price, self.leader, self.maxima = again.price, again.leader, again.maxima
        return None

    def leader_source(self) -> str | None:
        if self.leader is None:
            return None
        return "floor" if self.leader == FLOOR else self.maxima[self.leader][2]

    def _settle(self) -> None:
        asking = self.asking()  # before this bid
        everyone = [(amount, 1, -when, member) for member, (amount, when, _) in self.maxima.items()]
        if self.room is not None:
            everyone.append((self.room, 0, 0, FLOOR))
        everyone.sort(reverse=True)
        (best, _, _, leader), others = everyone[0], everyone[1:]
        self.leader = leader
        if leader == FLOOR:
            self.price = best
        elif not others:
            self.price = asking
        else:
            self.price = min(best, max(other + step(self.table, other) for other, *_ in others))
