"""gate_codes: a short code on every gate pass, one live pass per vehicle, picked-up vehicles released (issue 23)

Revision ID: 0028
Revises: 0027
Create Date: 2026-11-28 21:00:00.000000

- gate_pass.code: the 8-character code a guard can type (gavel/gatepass/code.py); every existing pass gets one.
- uq_gate_pass_live_vehicle: at most one live pass (Generated or Scanned) per vehicle, so that of two racing
  issues the database refuses the second. Where a vehicle already holds more than one, its newest stays live and
  the others are cancelled first.
- A vehicle picked up at the gate is released (the pick-up now does it in its transaction); the vehicles picked
  up before are released here, on the day of their pick-up.
- The gate pass email, where staff have not changed it, gives the code beside the QR code.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from gavel.gatepass.code import new_code

revision: str = "0028"
down_revision: str | None = "0027"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

LIVE = "status IN ('Generated', 'Scanned')"

EMAIL_BEFORE = (
    "Your vehicle {{ vehicle.title }} (Lot {{ vehicle.lot }}) is paid and ready to collect. The gate pass is "
    "attached: show its QR code at the gate before {{ gatePass.validUntil }} (Dubai time). The driver brings an "
    "Emirates ID.",
    "مركبتك {{ vehicle.title }} (رقم اللوت {{ vehicle.lot }}) مدفوعة وجاهزة للاستلام. مرفق تصريح الخروج: يرجى "
    "إبراز رمز QR عند البوابة قبل {{ gatePass.validUntil }} (بتوقيت دبي)، وعلى السائق إحضار الهوية الإماراتية.",
)
EMAIL_AFTER = (
    "Your vehicle {{ vehicle.title }} (Lot {{ vehicle.lot }}) is paid and ready to collect. The gate pass is "
    "attached: show its QR code, or give its code {{ gatePass.code }}, at the gate before "
    "{{ gatePass.validUntil }} (Dubai time). The driver brings an Emirates ID.",
    "مركبتك {{ vehicle.title }} (رقم اللوت {{ vehicle.lot }}) مدفوعة وجاهزة للاستلام. مرفق تصريح الخروج: يرجى "
    "إبراز رمز QR أو ذكر الرمز {{ gatePass.code }} عند البوابة قبل {{ gatePass.validUntil }} (بتوقيت دبي)، "
    "وعلى السائق إحضار الهوية الإماراتية.",
)


def _email(before: tuple[str, str], after: tuple[str, str]) -> None:
    op.get_bind().execute(
        sa.text(
            "UPDATE alert_template SET body_en = :en_after, body_ar = :ar_after "
            "WHERE event = 'gatePassIssued' AND channel = 'email' AND body_en = :en_before AND body_ar = :ar_before"
        ),
        {"en_after": after[0], "ar_after": after[1], "en_before": before[0], "ar_before": before[1]},
    )


def upgrade() -> None:
    connection = op.get_bind()
    with op.batch_alter_table("gate_pass", schema=None) as batch_op:
        batch_op.add_column(sa.Column("code", sa.String(length=8), nullable=True))
    ids = connection.execute(sa.text("SELECT id FROM gate_pass")).scalars().all()
    codes: set[str] = set()
    for pass_id in ids:
        code = new_code()
        while code in codes:
            code = new_code()
        codes.add(code)
        connection.execute(
            sa.text("UPDATE gate_pass SET code = :code WHERE id = :id"), {"code": code, "id": pass_id}
        )
    with op.batch_alter_table("gate_pass", schema=None) as batch_op:
        batch_op.alter_column("code", existing_type=sa.String(length=8), nullable=False)
        batch_op.create_unique_constraint("uq_gate_pass_code", ["code"])

    # The newest live pass of each vehicle stays live; any older live one is cancelled.
    connection.execute(
        sa.text(
            "UPDATE gate_pass SET status = 'Canceled' WHERE status IN ('Generated', 'Scanned') AND EXISTS ("
            "SELECT 1 FROM gate_pass AS newer WHERE newer.vehicle_id = gate_pass.vehicle_id "
            "AND newer.status IN ('Generated', 'Scanned') "
            "AND (newer.issued_at > gate_pass.issued_at "
            "OR (newer.issued_at = gate_pass.issued_at AND newer.id > gate_pass.id)))"
        )
    )
    with op.batch_alter_table("gate_pass", schema=None) as batch_op:
        batch_op.create_index(
            "uq_gate_pass_live_vehicle",
            ["vehicle_id"],
            unique=True,
            postgresql_where=sa.text(LIVE),
            sqlite_where=sa.text(LIVE),
        )

    connection.execute(
        sa.text(
            "UPDATE vehicle SET is_released = :yes, release_date = COALESCE(("
            "SELECT MAX(gate_pass.picked_up_at) FROM gate_pass "
            "WHERE gate_pass.vehicle_id = vehicle.id AND gate_pass.status = 'Picked Up'), vehicle.updated_at) "
            "WHERE status = 'sold' AND gate_pass_status = 'Picked Up' AND is_released = :no"
        ),
        {"yes": True, "no": False},
    )
    _email(EMAIL_BEFORE, EMAIL_AFTER)


def downgrade() -> None:
    _email(EMAIL_AFTER, EMAIL_BEFORE)
    with op.batch_alter_table("gate_pass", schema=None) as batch_op:
        batch_op.drop_index("uq_gate_pass_live_vehicle")
        batch_op.drop_constraint("uq_gate_pass_code", type_="unique")
        batch_op.drop_column("code")
