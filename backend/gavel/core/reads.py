"""Which requests are reads: the rule that lets a read run twice (core.database_retry) and run without a
transaction block on PostgreSQL (gavel.db.get_session)."""


def is_read(method: str, path: str) -> bool:
    """GET or HEAD, or POST on an API path ending in /get (SPEC.md's list calls take their filters in a body).

    A read writes nothing a client could see twice: at most the auth guard's session touch and a key made
    once (tests/hardening/test_reads_write_nothing holds every read route to that)."""
    if method in ("GET", "HEAD"):
        return True
    return method == "POST" and path.startswith("/api/") and path.endswith("/get")
