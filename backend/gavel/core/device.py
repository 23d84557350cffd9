"""Device, operating system and browser of a session, read from the User-Agent."""

from dataclasses import dataclass

from ua_parser import parse


@dataclass(frozen=True)
class DeviceInfo:
    device_name: str
    operating_system: str
    browser_name: str


def _version(*parts: str | None) -> str:
    return ".".join(p for p in parts if p)


def describe(user_agent: str) -> DeviceInfo:
    result = parse(user_agent or "")
    browser = "Unknown browser"
    if result.user_agent:
        ua = result.user_agent
        browser = f"{ua.family} {_version(ua.major, ua.minor)}".strip()
    system = "Unknown system"
    if result.os:
        os_ = result.os
        system = f"{os_.family} {_version(os_.major, os_.minor)}".strip()
    if result.device and result.device.family not in ("Other", "Spider"):
        device = result.device.family
        if result.device.brand and not device.startswith(result.device.brand):
            device = f"{result.device.brand} {device}"
    elif result.os and result.os.family in ("Windows", "Mac OS X", "Linux", "Ubuntu", "Chrome OS", "Fedora"):
        device = "Desktop computer"
    else:
        device = "Unknown device"
    return DeviceInfo(device_name=device[:100], operating_system=system[:100], browser_name=browser[:100])
