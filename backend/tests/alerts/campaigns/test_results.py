"""A finished campaign shows the results its messages had when it finished: the sweep stores them on the
campaign (sent counts the delivered and read too) and the list reads them back unchanged. (Read back as
statuses of their own, they once showed 2 messages as '4 of 4 written · 4 sent · 2 delivered'.)"""

from gavel.alerts.campaigns.results import results_of
from gavel.alerts.campaigns.results import stored_counts as _stored_counts
from gavel.alerts.catalog import CampaignStatus
from gavel.alerts.models import AlertCampaign

# Messages per status when the sweep finishes the campaign: 13 written.
LIVE = {"sent": 4, "delivered": 2, "read": 3, "failed": 1, "optedOut": 2, "cancelled": 1}


def test_a_finished_campaign_reads_back_the_results_it_finished_with() -> None:
    campaign = AlertCampaign(status=CampaignStatus.SENDING.value, recipient_count=13, queued_count=13)
    live = results_of(campaign, LIVE)
    assert (live.written, live.sent, live.delivered, live.read) == (13, 9, 5, 3)
    # What the sweep stores when it marks the campaign done (CampaignService.sweep).
    campaign.status = CampaignStatus.DONE.value
    campaign.sent_count, campaign.delivered_count, campaign.read_count = live.sent, live.delivered, live.read
    campaign.failed_count, campaign.opted_out_count = live.failed, live.opted_out
    assert results_of(campaign, _stored_counts(campaign)) == live


def test_two_delivered_messages_read_back_as_two() -> None:
    campaign = AlertCampaign(
        status=CampaignStatus.DONE.value,
        recipient_count=2,
        queued_count=2,
        sent_count=2,
        delivered_count=2,
        read_count=0,
        failed_count=0,
        opted_out_count=0,
    )
    results = results_of(campaign, _stored_counts(campaign))
    assert (results.written, results.sent, results.delivered, results.cancelled) == (2, 2, 2, 0)
