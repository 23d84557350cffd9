"""Every table, imported once so that Alembic and the tests see the whole schema."""

from gavel.alerts.models import AlertCampaign, AlertMessage, AlertMessageEvent, AlertSwitch, AlertTemplate
from gavel.auctions.models import Auction, AuctionEvent, Lane, Run
from gavel.audit.models import AuditEvent
from gavel.auth.models import AuthAttempt, PasswordReset, UserSession
from gavel.bidders.models import BidderAccount, BidderCode, BidderSession
from gavel.bidders.watchlist.models import BidderWatch
from gavel.bidding.approval.models import LotApproval, LotApprovalStep  # noqa: F401
from gavel.bidding.increment_tables.models import IncrementBand, IncrementTable  # noqa: F401
from gavel.bidding.lanes.models import LaneRun, LaneRunner
from gavel.bidding.models import LotBid, LotEvent, LotMaximum, LotRow
from gavel.business.models import BusinessSettings
from gavel.charges.models import Charge
from gavel.core.models import AppState, Counter
from gavel.dashboard.charts.models import ChartEventResult, ChartIntakeDay, ChartMemberPeriod, ChartSaleDay
from gavel.db import Base
from gavel.gatepass.models import GatePass
from gavel.invoices.models import DocumentTotal, Invoice, InvoiceLine
from gavel.ledger.models import LedgerEntry
from gavel.locations.models import Location, LocationHours
from gavel.members.consents.models import ConsentRecord
from gavel.members.models import Member, MemberProfile
from gavel.payments.models import Payment
from gavel.plans.models import SecurityPlan
from gavel.preferences.models import ListLayout, SavedView, UserPreference
from gavel.roles.models import Role, RolePermission
from gavel.users.models import User
from gavel.vehicles.models import Vehicle, VehicleImage

metadata = Base.metadata

__all__ = [
    "AlertCampaign",
    "AlertMessage",
    "AlertMessageEvent",
    "AlertSwitch",
    "AlertTemplate",
    "AppState",
    "Auction",
    "AuctionEvent",
    "AuditEvent",
    "AuthAttempt",
    "BidderAccount",
    "BidderCode",
    "BidderSession",
    "BidderWatch",
    "BusinessSettings",
    "Charge",
    "ChartEventResult",
    "ChartIntakeDay",
    "ChartMemberPeriod",
    "ChartSaleDay",
    "ConsentRecord",
    "Counter",
    "DocumentTotal",
    "GatePass",
    "Invoice",
    "InvoiceLine",
    "Lane",
    "LaneRun",
    "LaneRunner",
    "LedgerEntry",
    "ListLayout",
    "Location",
    "LocationHours",
    "LotBid",
    "LotEvent",
    "LotMaximum",
    "LotRow",
    "Member",
    "MemberProfile",
    "PasswordReset",
    "Payment",
    "Role",
    "RolePermission",
    "Run",
    "SavedView",
    "SecurityPlan",
    "User",
    "UserPreference",
    "UserSession",
    "Vehicle",
    "VehicleImage",
    "metadata",
]
