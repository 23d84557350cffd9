"""How the audit log reads the actions of alerts, a STOP reply to promotions too (gavel/trail gathers)."""

from gavel.audit.vocabulary import AuditWords

WORDS = AuditWords(
    entities={
        "alert_campaign": "campaign",
        "alert_message": "message",
        "alert_template": "template",
        "alert_switch": "alert switch",
    },
    sentences={
        "member.promo_opt_out": "Opted {record} out of promotions (the member replied STOP)",
        "alert_template.updated": "Edited {record}",
        "alert_switch.changed": "Changed {record}",
        "alert_message.retried": "Retried {record}",
        "alert_message.cancelled": "Cancelled {record}",
        "alert_campaign.created": "Created {record}",
        "alert_campaign.updated": "Edited {record}",
        "alert_campaign.sent": "Sent {record}",
        "alert_campaign.cancelled": "Cancelled {record}",
    },
)
