"""The audit log's sentences for the staff's record of a seller's answer (bidding/approval/audit_words)."""

from gavel.bidding.approval.audit_words import WORDS

RECORD = "vehicle Toyota Camry, lot 1042"


def test_each_answer_reads_as_a_sentence_with_its_amount_and_note() -> None:
    said = {
        action: sentence(RECORD, {"status": "waiting"}, {"amount": "18000.50", "note": "by phone"})
        for action, sentence in WORDS.special.items()
    }
    assert said == {
        "lot.approval_accepted": f"Recorded the seller's acceptance of AED 18,000.50 for {RECORD} (by phone)",
        "lot.approval_declined": f"Recorded that the seller declined the price for {RECORD} (by phone)",
        "lot.approval_countered": (
            f"Recorded the seller's counter-offer of AED 18,000.50 for {RECORD} (by phone)"
        ),
        "lot.approval_counter_accepted": (
            f"Recorded that the buyer took the counter-offer of AED 18,000.50 for {RECORD} (by phone)"
        ),
        "lot.approval_counter_declined": (
            f"Recorded that the buyer declined the counter-offer for {RECORD} (by phone)"
        ),
    }
    bare = WORDS.special["lot.approval_countered"](RECORD, None, {"amount": None})
    assert bare == f"Recorded the seller's counter-offer of an amount for {RECORD}"
