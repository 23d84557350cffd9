"""The action in words: what a person reads in the audit log and in a record's History tab."""

import pytest

from gavel.trail.words import KNOWN_ACTIONS, action_label, sentence


@pytest.mark.parametrize(
    ("action", "entity", "name", "old", "new", "words"),
    [
        ("member.status_changed", "member", "Omar Al Suwaidi", {"status": "pending"}, {"status": "approved"},
         "Approved member Omar Al Suwaidi"),
        ("member.status_changed", "member", "Omar Al Suwaidi", {"status": "approved"}, {"status": "inActive"},
         "Changed the status of member Omar Al Suwaidi from approved to inactive"),
        ("vehicle.status_changed", "vehicle", "Toyota Camry, lot 1042", {"status": "pending"},
         {"status": "rejected", "reason": "Chassis mismatch"}, "Rejected vehicle Toyota Camry, lot 1042"),
        ("user.status_changed", "user", "Mariam Haddad", {"userAccountStatus": "Active"},
         {"userAccountStatus": "Suspended"}, "Suspended staff user Mariam Haddad"),
        ("auction.status_changed", "auction", "Classic Thursday", {"status": "draft"}, {"status": "publish"},
         "Published auction Classic Thursday"),
        ("member.trusted_seller_changed", "member", "Desert Motors", {"isTrustedSeller": False},
         {"isTrustedSeller": True}, "Marked member Desert Motors as a trusted seller"),
        ("invoice.issued", "invoice", "INV-2026-000012", None, {"number": "INV-2026-000012"},
         "Issued invoice INV-2026-000012"),
        ("auth.login", "user", "Mariam Haddad", None, {"device": "Desktop computer"}, "Signed in"),
        ("auth.session_ended", "user", "Omar Al Suwaidi", {"endedAt": None}, {"endReason": "ended by admin"},
         "Ended a session of staff user Omar Al Suwaidi"),
        ("business.updated", "business_settings", None, {}, {}, "Edited the business settings"),
    ],
)  # fmt: skip
def test_sentences_name_what_happened_to_which_record(
    action: str, entity: str, name: str | None, old: dict | None, new: dict | None, words: str
) -> None:
    assert sentence(action, entity, name, old, new) == words


def test_a_deleted_record_is_named_from_its_last_values() -> None:
    old = {"firstName": "Omar", "lastName": "Al Suwaidi", "status": "rejected"}
    assert sentence("member.deleted", "member", None, old, None) == "Deleted member Omar Al Suwaidi"
    assert sentence("role.deleted", "role", None, {"name": "Cashier"}, None) == "Deleted role Cashier"


def test_a_record_without_a_name_reads_with_an_article() -> None:
    assert sentence("alert_switch.changed", "alert_switch", None) == "Changed an alert switch"
    assert sentence("vehicle.progress", "vehicle", None) == "Updated the inspection progress of a vehicle"


def test_an_action_not_known_yet_still_reads_as_words() -> None:
    words = sentence("member.consent_changed", "member", "Omar Al Suwaidi")
    assert words == "Member: consent changed: member Omar Al Suwaidi"


def test_every_known_action_has_a_label_in_words() -> None:
    assert "member.status_changed" in KNOWN_ACTIONS
    assert action_label("member.status_changed") == "Member: status changed"
    assert all("_" not in action_label(action) for action in KNOWN_ACTIONS)
