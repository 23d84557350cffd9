/** Every URL of the SPA in one place. */
export const paths = {
  root: '/',
  login: '/login',
  forgotPassword: '/forgot-password',
  twoFa: '/two-fa',
  resetPassword: '/reset-password',
  dashboard: '/dashboard',
  profile: '/profile',
  userManagement: '/user-management',
  roles: '/roles',
  locations: '/locations',
  securityPlan: '/security-plan',
  charges: '/charges',
  reviewVehicles: '/un-approved-vehicles',
  approvedVehicles: '/approved-vehicles',
  rejectedVehicles: '/rejected-vehicles',
  soldVehicles: '/sold-vehicles',
  canceledVehicles: '/canceled-vehicles',
  /** Detail pages: `${paths.vehicle}/:vehicleId` (SPEC.md shows no route parameters; docs/decisions.md). */
  vehicle: '/vehicles',
  /** The guard's screen at the yard's exit: gate passes scanned, pick-ups recorded. */
  gate: '/gate',
  reviewMembers: '/review-members',
  activeMembers: '/active-members',
  deactivatedMembers: '/deactivated-members',
  rejectedMembers: '/rejected-members',
  inactiveMembers: '/inactive-members',
  member: '/members',
  draftAuctions: '/draft-auctions',
  publishedAuctions: '/published-auctions',
  unpublishedAuctions: '/unpublished-auctions',
  completedAuctions: '/completed-auctions',
  calendar: '/calendar',
  /** Lots closed below their reserve, waiting for (or answered by) their sellers (issue 25); `?status=answered|all`. */
  onApproval: '/auctions/on-approval',
  /** An event's page: `${paths.auctionEvent}/:eventId`. */
  auctionEvent: '/auction-events',
  /** Invoices; `?invoice=<id>` opens one in the drawer. */
  invoiceManagement: '/invoice-management',
  inboundPayments: '/inbound-payments',
  /** Money out: sellers' payouts and members' refunds. */
  outboundPayments: '/outbound-payments',
  /** Reports (sales by event, receivables, payouts, VAT); `?tab=<report>&dates=YYYY-MM-DD..YYYY-MM-DD`. */
  reports: '/reports',
  businessSettings: '/business-settings',
  /** Settings → Bid increments: the increment table by price band (issue 25). */
  bidIncrements: '/bid-increments',
  /** Alerts: one screen per channel (messages, templates, campaigns); `?message=<id>` opens one in the drawer. */
  promotions: '/promotions',
  whatsappSms: '/whatsapp-sms',
  emails: '/emails',
  /** The staff session console (Settings, Users edit): every live session, ended from here. */
  sessions: '/sessions',
  /** The audit trail (Settings, Roles view): every change, filtered in the URL; `?entity=member&record=<id>` one record's. */
  auditLog: '/audit-log',
} as const;
