"""The rules of alerts, one service in three parts of their own:

- the outbox (alerts/outbox.py): `notify` writes an event's messages in the caller's transaction;
- what staff may do with a message (alerts/messages.py): retry, cancel, read;
- the texts and switches staff edit (alerts/template_settings.py).

Other modules (and their reactions) call `alert_service.notify`; the router calls the rest.
"""

from gavel.alerts.messages import MessageActions
from gavel.alerts.outbox import Outbox
from gavel.alerts.template_settings import TemplateSettings


class AlertService(Outbox, MessageActions, TemplateSettings):
    pass


alert_service = AlertService()
