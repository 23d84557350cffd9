"""The one exception of backup and restore: its text is a sentence for the person at the console."""


class BackupError(Exception):
    """A backup or a restore that cannot go on; str() is the sentence to print (the CLI exits 1)."""
