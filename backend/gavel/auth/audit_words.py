"""How the audit log reads the actions of signing in, passwords and two-step (gavel/trail gathers them)."""

from gavel.audit.vocabulary import AuditWords

WORDS = AuditWords(
    sentences={
        "auth.login": "Signed in",
        "auth.login_replacing_session": "Signed in, ending their other session",
        "auth.login_failed": "Failed to sign in",
        "auth.login_refused": "Was refused sign-in (account not active)",
        "auth.logout": "Signed out",
        "auth.session_ended": "Ended a session of {record}",
        "auth.password_changed": "Changed their password",
        "auth.password_reset_requested": "Asked for a password reset code",
        "auth.password_reset": "Reset their password with a one-time code",
        "auth.two_step_setup_started": "Started setting up two-step sign-in",
        "auth.two_step_enabled": "Turned on two-step sign-in",
        "auth.two_step_disabled": "Turned off two-step sign-in",
        "auth.two_step_recovery_codes_regenerated": "Made new recovery codes",
        "auth.two_step_recovery_code_used": "Signed in with a recovery code",
        "auth.two_step_failed": "Entered a wrong two-step code",
    },
)
