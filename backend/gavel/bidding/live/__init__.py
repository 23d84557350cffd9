"""The live feed of lots (issue 25): staff sockets told of every lot event after it commits.

`outbox` sends a transaction's notices with its commit (PostgreSQL NOTIFY, or in memory on SQLite); `listener`
holds the process's LISTEN connection; `broadcaster.Hub` reads the lot events table once per batch and hands
the messages (`messages`) to the process's sockets (`sockets`, checked by `access`); `presence` counts the
watchers across processes; `app` puts the WebSocket route and the tasks on the app.
"""
