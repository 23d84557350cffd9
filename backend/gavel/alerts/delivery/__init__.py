"""Delivery of the alerts' outbox: the dispatcher that claims due messages and sends them through the
providers (local outbox, SMTP, Twilio, Meta's WhatsApp Cloud API), the status callbacks and inbound 'STOP'
replies of the providers, and the system mails (one-time codes, temporary passwords) written to the outbox.

README 'Alerts: providers and delivery' explains the configuration and how a crash between sending and
recording is resolved; docs/decisions.md '### Delivery' the rules.
"""
