"""Field rules shared by several modules: phone numbers, Emirates IDs, emails, ages."""

import re
from datetime import date

import phonenumbers
from email_validator import EmailNotValidError, validate_email

DEFAULT_REGION = "AE"
EMIRATES_ID = re.compile(r"^784-(\d{4})-(\d{7})-(\d)$")


def normalise_phone(value: str) -> str:
    """The number in E.164 form; a local number is read as a UAE number."""
    try:
        number = phonenumbers.parse(value, DEFAULT_REGION)
    except phonenumbers.NumberParseException as exc:
        raise ValueError("Enter a valid phone number, for example +971 50 123 4567.") from exc
    if not phonenumbers.is_valid_number(number):
        raise ValueError("Enter a valid phone number, for example +971 50 123 4567.")
    return phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.E164)


def _luhn_ok(digits: str) -> bool:
    total = 0
    for position, char in enumerate(reversed(digits)):
        n = int(char)
        if position % 2 == 1:
            n = n * 2 - 9 if n > 4 else n * 2
        total += n
    return total % 10 == 0


def check_emirates_id(value: str) -> str:
    """784-YYYY-NNNNNNN-N, whose last digit is the Luhn check digit of the other fifteen."""
    value = value.strip()
    match = EMIRATES_ID.fullmatch(value)
    if not match:
        raise ValueError("Enter the Emirates ID as 784-YYYY-NNNNNNN-N.")
    if not 1900 <= int(match.group(1)) <= date.today().year:
        raise ValueError("The year in the Emirates ID is not valid.")
    if not _luhn_ok(value.replace("-", "")):
        raise ValueError("This Emirates ID is not valid: please check the digits.")
    return value


TRN = re.compile(r"^\d{15}$")


def check_trn(value: str | None) -> str | None:
    """A UAE Tax Registration Number: 15 digits (spaces and dashes people type are dropped)."""
    if value is None:
        return None
    digits = re.sub(r"[\s-]", "", value)
    if not digits:
        return None
    if not TRN.fullmatch(digits):
        raise ValueError("A TRN (Tax Registration Number) has 15 digits.")
    return digits


def check_iban(value: str | None) -> str | None:
    """An IBAN with valid check digits (schwifty), in its compact form; spaces people type are dropped."""
    from schwifty import IBAN
    from schwifty.exceptions import SchwiftyException

    if value is None or not value.strip():
        return None
    try:
        return str(IBAN(value).compact)
    except SchwiftyException as exc:
        raise ValueError(
            "This IBAN is not valid: check its letters and digits (e.g. AE07 0331 2345 6789 0123 456)."
        ) from exc


def normalise_email(value: str) -> str:
    try:
        result = validate_email(value.strip(), check_deliverability=False)
    except EmailNotValidError as exc:
        raise ValueError("Enter a valid email address.") from exc
    return result.normalized.lower()


def age_on(born: date, today: date) -> int:
    return today.year - born.year - ((today.month, today.day) < (born.month, born.day))


def check_adult(born: date, minimum_age: int = 18) -> date:
    today = date.today()
    if born >= today:
        raise ValueError("The date of birth must be in the past.")
    if age_on(born, today) < minimum_age:
        raise ValueError(f"Staff users must be at least {minimum_age} years old.")
    if born.year < 1900:
        raise ValueError("Enter a real date of birth.")
    return born
