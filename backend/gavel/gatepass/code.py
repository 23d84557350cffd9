"""The short gate code a guard can type: seven random characters and a check character, from an alphabet
without the look-alikes 0/O and 1/I. The check character is Luhn mod 32 over that alphabet, so that one wrong
character (and most swaps of two neighbours) is caught before any look-up."""

import re
import secrets
from collections.abc import Callable

ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"
LENGTH = 8
_LETTERS = frozenset(c for c in ALPHABET if c.isalpha())
_SEPARATORS = re.compile(r"[\s-]")


def _luhn_sum(characters: str, *, doubled_first: bool) -> int:
    """Luhn mod N over ALPHABET, from the rightmost character, doubling every other one."""
    n = len(ALPHABET)
    total, double = 0, doubled_first
    for character in reversed(characters):
        addend = ALPHABET.index(character) * (2 if double else 1)
        total += addend // n + addend % n
        double = not double
    return total


def check_character(payload: str) -> str:
    """The character that completes the payload into a valid code."""
    n = len(ALPHABET)
    return ALPHABET[(n - _luhn_sum(payload, doubled_first=True) % n) % n]


def is_valid(code: str) -> bool:
    """Whether a compact code (see compact) has the right length, alphabet and check character."""
    if len(code) != LENGTH or any(c not in ALPHABET for c in code):
        return False
    return _luhn_sum(code, doubled_first=False) % len(ALPHABET) == 0


def new_code(choose: Callable[[str], str] = secrets.choice) -> str:
    """A fresh code (`choose` picks each character: the demo data passes its seeded generator's). Its random
    part always holds a letter, so that a code is never read as a lot number."""
    while True:
        payload = "".join(choose(ALPHABET) for _ in range(LENGTH - 1))
        if any(c in _LETTERS for c in payload):
            return payload + check_character(payload)


def compact(typed: str) -> str:
    """What was typed in capitals, without the spaces and dashes people put in."""
    return _SEPARATORS.sub("", typed).upper()


def shown(code: str) -> str:
    """The code as printed and mailed: two groups of four (ABCD-EFGH)."""
    return f"{code[:4]}-{code[4:]}"
