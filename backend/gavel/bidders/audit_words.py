"""How the audit log reads the bidders' actions (gavel/trail gathers them)."""

from gavel.audit.vocabulary import AuditWords

WORDS = AuditWords(
    sentences={
        "bidder.code_requested": "Asked for a bidder sign-in code",
        "bidder.signed_in": "Signed in as a bidder",
        "bidder.sign_in_refused": "Was refused bidder sign-in (membership not approved)",
        "bidder.code_failed": "Entered a wrong bidder sign-in code",
        "bidder.signed_out": "Signed out as a bidder",
        "bidder.code_channel_changed": "Chose how their bidder sign-in codes are sent",
        "bidder.maximum_withdrawn": "Withdrew their maximum bid on a lot online",
    },
)
