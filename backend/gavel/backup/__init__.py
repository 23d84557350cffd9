"""Backup and restore: one archive with the database (pg_dump's custom format, or a copy of the SQLite file
made with SQLite's online backup API), the uploads folder and a manifest
(`python -m gavel backup` and `restore`)."""
