from datetime import date, timedelta

import pytest

from gavel.core.validation import age_on, check_adult, check_emirates_id, normalise_email, normalise_phone


@pytest.mark.parametrize(
    ("raw", "e164"),
    [
        ("050 123 4567", "+971501234567"),
        ("04 321 5555", "+97143215555"),
        ("+44 20 7946 0958", "+442079460958"),
    ],
)
def test_phones_are_stored_in_e164_with_uae_as_default(raw: str, e164: str) -> None:
    assert normalise_phone(raw) == e164


@pytest.mark.parametrize("raw", ["12", "050 12", "not a phone", "+971 99 999"])
def test_bad_phones_are_refused(raw: str) -> None:
    with pytest.raises(ValueError, match="Enter a valid phone number"):
        normalise_phone(raw)


def test_emirates_id_form_year_and_check_digit() -> None:
    assert check_emirates_id(" 784-1990-1234567-6 ") == "784-1990-1234567-6"
    with pytest.raises(ValueError, match="784-YYYY-NNNNNNN-N"):
        check_emirates_id("784199012345676")
    with pytest.raises(ValueError, match="year"):
        check_emirates_id("784-1800-1234567-6")
    with pytest.raises(ValueError, match="check the digits"):
        check_emirates_id("784-1990-1234567-5")


def test_emails_are_normalised_to_lower_case() -> None:
    assert normalise_email(" Someone@Example.COM ") == "someone@example.com"
    with pytest.raises(ValueError, match="Enter a valid email address"):
        normalise_email("someone@")


def test_age_counts_birthdays() -> None:
    assert age_on(date(2000, 6, 15), date(2018, 6, 14)) == 17
    assert age_on(date(2000, 6, 15), date(2018, 6, 15)) == 18
    assert check_adult(date.today().replace(year=date.today().year - 30)) is not None
    with pytest.raises(ValueError, match="in the past"):
        check_adult(date.today() + timedelta(days=1))
