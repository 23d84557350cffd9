"""The code's Alembic revisions: an archive from a newer Gavel (a revision unknown here) is refused."""

from alembic.script import ScriptDirectory
from alembic.util import CommandError

from gavel.backup.errors import BackupError
from gavel.migrate import alembic_config


def _scripts() -> ScriptDirectory:
    return ScriptDirectory.from_config(alembic_config("sqlite://"))


def code_head() -> str:
    head = _scripts().get_current_head()
    if head is None:  # pragma: no cover - the project always has migrations
        raise BackupError("This Gavel has no migrations.")
    return head


def check_known(revision: str) -> bool:
    """True when the revision is the code's newest, False when it is an older one; refuses a newer one."""
    head = code_head()
    if revision == head:
        return True
    try:
        known = _scripts().get_revision(revision) is not None
    except CommandError:
        known = False
    if not known:
        raise BackupError(
            f"The backup was made by a newer Gavel: its database is at revision {revision}, which this code "
            f"does not know (its newest is {head}). Restore it with that version of Gavel or a later one."
        )
    return False
