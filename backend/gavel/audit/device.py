"""The device of an audit event: one line read from the browser's User-Agent, as sessions describe theirs."""

from functools import lru_cache

from gavel.core.device import describe


@lru_cache(maxsize=512)
def device_summary(user_agent: str) -> str | None:
    """'Chrome 120.0 on Windows 10 (Desktop computer)'; a User-Agent that names no known browser, system or
    device as it is (a script's 'python-httpx/0.28.1'); nothing without one."""
    agent = user_agent.strip()
    if not agent:
        return None
    info = describe(agent)
    if info.browser_name.startswith("Unknown") and info.operating_system.startswith("Unknown"):
        return agent[:200]
    return f"{info.browser_name} on {info.operating_system} ({info.device_name})"[:200]
