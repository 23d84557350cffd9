"""The results of a campaign, from its messages per status while it is under way, from the counts the sweep
stored once it is done."""

from gavel.alerts.campaigns.schemas import CampaignResults
from gavel.alerts.catalog import CampaignStatus, MessageStatus
from gavel.alerts.models import AlertCampaign


def results_of(campaign: AlertCampaign, counts: dict[str, int]) -> CampaignResults:
    """The results of a campaign from its messages per status (repository.message_counts)."""
    n = {status: counts.get(status.value, 0) for status in MessageStatus}
    opted_out = counts.get("optedOut", 0)
    written = sum(n.values()) + opted_out
    waiting = n[MessageStatus.QUEUED] + n[MessageStatus.SENDING]
    finished = written - waiting
    status = CampaignStatus(campaign.status)
    if status in (CampaignStatus.SENDING, CampaignStatus.DONE):
        total = written
    else:
        total = max(campaign.recipient_count, written)
    if status == CampaignStatus.DONE or (total and finished >= total):
        percent = 100 if total or status == CampaignStatus.DONE else 0
    else:
        percent = int(finished * 100 // total) if total else 0
    return CampaignResults(
        written=written,
        waiting=waiting,
        sent=n[MessageStatus.SENT] + n[MessageStatus.DELIVERED] + n[MessageStatus.READ],
        delivered=n[MessageStatus.DELIVERED] + n[MessageStatus.READ],
        read=n[MessageStatus.READ],
        failed=n[MessageStatus.FAILED],
        cancelled=n[MessageStatus.CANCELLED],
        opted_out=opted_out,
        percent=percent,
    )


def stored_counts(campaign: AlertCampaign) -> dict[str, int]:
    """A finished campaign's messages per status as the sweep stored them, back as results_of reads them: the
    stored counts are its results (sent counts the delivered and read too, delivered the read), each status
    here counts its own messages; the rest of those written were cancelled by staff."""
    stored = {
        MessageStatus.SENT.value: max(campaign.sent_count - campaign.delivered_count, 0),
        MessageStatus.DELIVERED.value: max(campaign.delivered_count - campaign.read_count, 0),
        MessageStatus.READ.value: campaign.read_count,
        MessageStatus.FAILED.value: campaign.failed_count,
        "optedOut": campaign.opted_out_count,
    }
    stored[MessageStatus.CANCELLED.value] = max(campaign.queued_count - sum(stored.values()), 0)
    return stored
