"""The rules of a promotional SMS or WhatsApp: an SMS ends with the opt-out text of Business settings (the
operators' block short code by default; a WhatsApp promotion is an approved template, which carries its own),
both fit what the providers take, and wait for the end of the Business quiet hours (21:00 to 08:00 Dubai by
default) when written during them."""

from datetime import UTC, datetime, time, timedelta

from gavel.alerts.catalog import Channel, Language
from gavel.business.models import BusinessSettings
from gavel.core.clock import DUBAI

MESSAGE_LIMIT = 1600  # characters of an SMS or WhatsApp text, the most Twilio's Messages API takes
QUIET_CHANNELS = (Channel.SMS, Channel.WHATSAPP)
OPT_OUT_CHANNELS = (Channel.SMS,)  # the promotions that end with the opt-out text


def opt_out_texts(business: BusinessSettings) -> dict[Language, str]:
    """The opt-out line of promotional SMS in each language, as Business settings word it."""
    return {Language.EN: business.promo_opt_out_en, Language.AR: business.promo_opt_out_ar}


def with_opt_out(text: str, opt_out: str) -> str:
    return f"{text}\n{opt_out}"


def _clock_time(text: str) -> time:
    hours, minutes = text.split(":")
    return time(int(hours), int(minutes))


def quiet_until(now: datetime, quiet_from: str, quiet_until: str) -> datetime | None:
    """The end of the quiet hours (in UTC) when `now` falls in them, else None. The hours are Dubai clock
    times; `from` after `until` (21:00 to 08:00) spans midnight; equal times mean no quiet hours."""
    start, end = _clock_time(quiet_from), _clock_time(quiet_until)
    if start == end:
        return None
    local = now.astimezone(DUBAI)
    moment = local.time().replace(tzinfo=None)
    if start > end:
        if moment >= start:
            day = local.date() + timedelta(days=1)
        elif moment < end:
            day = local.date()
        else:
            return None
    elif start <= moment < end:
        day = local.date()
    else:
        return None
    return datetime.combine(day, end, DUBAI).astimezone(UTC)
