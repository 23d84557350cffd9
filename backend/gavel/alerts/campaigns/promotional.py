"""The rules of a promotional SMS or WhatsApp: it carries the opt-out text, fits what the providers take, and
waits for the end of the Business quiet hours (21:00 to 08:00 Dubai by default) when written during them."""

from datetime import UTC, datetime, time, timedelta

from gavel.alerts.catalog import Channel, Language
from gavel.core.clock import DUBAI

MESSAGE_LIMIT = 1600  # characters of an SMS or WhatsApp text, the most Twilio's Messages API takes
OPT_OUT = {
    Language.EN: "Reply STOP to opt out",
    Language.AR: "للإلغاء أرسل STOP",
}
QUIET_CHANNELS = (Channel.SMS, Channel.WHATSAPP)


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
